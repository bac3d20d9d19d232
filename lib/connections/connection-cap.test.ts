/** The cap on connections per user: one more than MAX_CONNECTIONS_PER_USER is refused, saying why and what to do. */
import { randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { TEST_BASE } from "@/partner-service/testing";

vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));
vi.stubEnv("NEXTAUTH_SECRET", "n".repeat(40));
vi.stubEnv("PARTNER_BASE_URL_ALLOWLIST", TEST_BASE);

const { openPortalDb } = await import("@/lib/db/portal-db");
const { countConnections, listConnections } = await import("@/lib/db/connections");
const { createFromForm, removeFromForm } = await import("./form-actions");
const { MAX_CONNECTIONS_PER_USER, TOO_MANY_CONNECTIONS } = await import("./connection-input");
const { addUserRow, form, validForm } = await import("./testing");

describe("connections per user", () => {
  it("refuses one more than the cap with a clear message and the typed values; others may still add theirs", () => {
    expect(MAX_CONNECTIONS_PER_USER).toBe(20);
    const db = openPortalDb(":memory:");
    const alice = addUserRow(db, "alice@example.org");
    const bob = addUserRow(db, "bob@example.org");
    const as = (userId: number) => ({ userId, address: null });
    for (let i = 0; i < MAX_CONNECTIONS_PER_USER; i++)
      expect(createFromForm(db, as(alice), form({ ...validForm, name: `N${i}` }))).toMatchObject({ ok: true });
    const refused = createFromForm(db, as(alice), form({ ...validForm, name: "One more", clientSecret: "typed" }));
    expect(refused).toEqual({
      ok: false,
      fieldErrors: {},
      message: TOO_MANY_CONNECTIONS,
      values: expect.objectContaining({ name: "One more" }),
    });
    expect(JSON.stringify(refused)).not.toContain("typed");
    expect(TOO_MANY_CONNECTIONS).toMatch(/^You have 20 connections, the most one user may have.*Remove a connection/);
    expect(countConnections(db, alice)).toBe(MAX_CONNECTIONS_PER_USER);
    expect(createFromForm(db, as(bob), form(validForm))).toMatchObject({ ok: true });
    // One removed, one may be added.
    removeFromForm(db, as(alice), form({ id: listConnections(db, alice)[0].id }));
    expect(createFromForm(db, as(alice), form(validForm))).toMatchObject({ ok: true });
  });
});

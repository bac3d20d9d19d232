import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SecretBoxError } from "@/lib/crypto/secret-box";
import { createConnection } from "@/lib/db/connections";
import { openPortalDb } from "@/lib/db/portal-db";
import { BaseUrlNotAllowedError } from "./allowlist";
import { openConnection } from "./open-connection";

// openConnection checks the stored address against the allow-list from the environment when none is given.
vi.stubEnv("PARTNER_BASE_URL_ALLOWLIST", "https://partner.example.org");

const key = randomBytes(32);
const SECRET = "s3cret-client-value-9f8e7d";
const fields = (baseUrl: string) => ({
  name: "Northstar",
  baseUrl,
  partnerId: "NORTHSTAR",
  clientId: "northstar-portal",
  studies: ["ONC-101"],
});

let db: ReturnType<typeof openPortalDb>;
let alice: number;

beforeEach(() => {
  db = openPortalDb(":memory:");
  alice = Number(
    db.prepare("INSERT INTO users (email, name, role, created_at) VALUES ('a@x.org', 'A', 'user', '2026-01-01')").run()
      .lastInsertRowid,
  );
});

describe("openConnection", () => {
  it("gives the credentials of a connection whose address is on the allow-list", () => {
    const c = createConnection(db, alice, fields("https://partner.example.org"), SECRET, key);
    expect(openConnection(db, alice, c.id, { key })?.credentials()).toEqual({
      baseUrl: "https://partner.example.org",
      partnerId: "NORTHSTAR",
      clientId: "northstar-portal",
      clientSecret: SECRET,
    });
  });

  it("gives no credentials for a stored address the allow-list does not have, before opening the secret", () => {
    const c = createConnection(db, alice, fields("http://10.1.2.3:8080"), SECRET, key);
    expect(() => openConnection(db, alice, c.id, { key })?.credentials()).toThrow(BaseUrlNotAllowedError);
    // The list is checked first: even a secret that would not open gets the address error, which is the one to fix.
    expect(() => openConnection(db, alice, c.id, { key: randomBytes(32) })?.credentials()).toThrow(
      BaseUrlNotAllowedError,
    );
    expect(
      openConnection(db, alice, c.id, { key, allowed: ["http://10.1.2.3:8080"] })?.credentials().clientSecret,
    ).toBe(SECRET);
    const allowed = createConnection(db, alice, fields("https://partner.example.org"), SECRET, key);
    const elsewhere = openConnection(db, alice, allowed.id, { key, allowed: ["https://elsewhere.example.org"] });
    expect(() => elsewhere?.credentials()).toThrow(BaseUrlNotAllowedError);
    // The connection itself is still known, so that a page can say which one to fix.
    expect(elsewhere?.connection.id).toBe(allowed.id);
  });

  it("says when the secret was sealed under another key", () => {
    const c = createConnection(db, alice, fields("https://partner.example.org"), SECRET, key);
    expect(() => openConnection(db, alice, c.id, { key: randomBytes(32) })?.credentials()).toThrow(SecretBoxError);
  });

  it("knows no connection of another user", () => {
    const c = createConnection(db, alice, fields("https://partner.example.org"), SECRET, key);
    expect(openConnection(db, alice + 1, c.id, { key })).toBeUndefined();
  });
});

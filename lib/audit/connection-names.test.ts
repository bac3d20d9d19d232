/**
 * The connection names an audit page shows: every connection's for an administrator, only the reader's own for a
 * user, and a removed connection by the name its own entries recorded.
 */
import { randomBytes } from "node:crypto";
import type { Database } from "better-sqlite3";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { openPortalDb } from "@/lib/db/portal-db";
import { connectionNames } from "./connection-names";
import { recordAudit } from "./record-audit";

vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

const A_OWN = "11111111-1111-4111-8111-111111111111";
const B_OWN = "22222222-2222-4222-8222-222222222222";
const A_REMOVED = "33333333-3333-4333-8333-333333333333";
const B_REMOVED = "44444444-4444-4444-8444-444444444444";

let db: Database;
beforeAll(() => {
  db = openPortalDb(":memory:");
  const user = db.prepare("INSERT INTO users (id, email, name, role, created_at) VALUES (?, ?, ?, 'user', '')");
  user.run(1, "a@example.org", "A");
  user.run(2, "b@example.org", "B");
  const connection = db.prepare(
    "INSERT INTO connections (id, user_id, name, base_url, partner_id, client_id, secret_sealed, studies, " +
      "created_at, updated_at) VALUES (?, ?, ?, 'https://p.example', 'P', 'c', 'x', '[]', '', '')",
  );
  connection.run(A_OWN, 1, "Northstar of A");
  connection.run(B_OWN, 2, "Private of B");
  const removed = (actor: number, id: string, first: string, last: string) => {
    recordAudit(db, { actor, action: "connection.update", connectionId: id, details: { name: first, fields: [] } });
    recordAudit(db, { actor, action: "connection.delete", connectionId: id, details: { name: last } });
  };
  removed(1, A_REMOVED, "Old name of A", "Last name of A");
  removed(2, B_REMOVED, "Old name of B", "Last name of B");
});

const all = [A_OWN, B_OWN, A_REMOVED, B_REMOVED, "not-a-connection", null];

describe("connectionNames", () => {
  it("names every connection for an administrator, a removed one by its last recorded name", () => {
    expect(connectionNames(db, all, { userId: 9, admin: true })).toEqual(
      new Map([
        [A_OWN, "Northstar of A"],
        [B_OWN, "Private of B"],
        [A_REMOVED, "Last name of A"],
        [B_REMOVED, "Last name of B"],
      ]),
    );
  });

  it("names only the reader's own connections for a user, never another user's", () => {
    expect(connectionNames(db, all, { userId: 1, admin: false })).toEqual(
      new Map([
        [A_OWN, "Northstar of A"],
        [A_REMOVED, "Last name of A"],
      ]),
    );
    expect(connectionNames(db, [A_OWN, A_REMOVED], { userId: 2, admin: false })).toEqual(new Map());
  });

  it("asks nothing for a page that names no connection", () => {
    expect(connectionNames(db, [], { userId: 1, admin: false })).toEqual(new Map());
  });
});

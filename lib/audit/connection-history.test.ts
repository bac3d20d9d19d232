/**
 * The newest entry per connection, study and action of one user: never another user's, never another connection's,
 * and a refusal only when it is the partner's.
 */
import { randomBytes } from "node:crypto";
import type { Database } from "better-sqlite3";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { openPortalDb } from "@/lib/db/portal-db";
import { connectionHistory } from "./connection-history";
import { recordAudit } from "./record-audit";

vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

let db: Database;
const load = (actor: number, connectionId: string, study: string, records: number) =>
  recordAudit(db, {
    actor,
    action: "study.load",
    connectionId,
    study,
    details: { kind: "Patient", records, received: records, refused: 0 },
  });
const refusal = (actor: number, connectionId: string, study: string, reason: "study_forbidden" | "study_not_listed") =>
  recordAudit(db, { actor, action: "access.refused", connectionId, study, details: { reason, via: "study_page" } });

beforeAll(() => {
  db = openPortalDb(":memory:");
  for (const id of [1, 2])
    db.prepare("INSERT INTO users (id, email, name, role, created_at) VALUES (?, ?, 'U', 'user', '')").run(
      id,
      `u${id}@example.org`,
    );
  load(1, "a", "ONC-101", 10); // 1
  load(1, "a", "ONC-101", 11); // 2: the newest load of ONC-101 on a
  refusal(1, "a", "ONC-101", "study_not_listed"); // 3: the portal's own refusal, not the partner's
  refusal(1, "a", "CARD-201", "study_forbidden"); // 4
  load(2, "a", "ONC-101", 99); // 5: another user's
  load(1, "b", "ONC-101", 12); // 6: another connection's
  recordAudit(db, {
    actor: 1,
    action: "connection.test",
    connectionId: "a",
    details: { outcome: "connected", failure: null, studies: [] },
  }); // 7
});

describe("connectionHistory", () => {
  it("gives the user's newest entry per study and action of the connections asked for", () => {
    const rows = connectionHistory(db, 1, ["a"]);
    expect(rows.map((r) => [r.id, r.action, r.study])).toEqual([
      [2, "study.load", "ONC-101"],
      [4, "access.refused", "CARD-201"],
      [7, "connection.test", null],
    ]);
    expect(rows[0]).toMatchObject({ connectionId: "a", details: { records: 11 } });
  });

  it("never gives another user's entries, even of the same connection ID", () => {
    expect(connectionHistory(db, 2, ["a"]).map((r) => r.id)).toEqual([5]);
    expect(connectionHistory(db, 2, ["b"])).toEqual([]);
  });

  it("gives nothing for no connection", () => {
    expect(connectionHistory(db, 1, [])).toEqual([]);
  });
});

/**
 * The newest entry per connection, study and action of one user, in either store: never another user's, never
 * another connection's, and a refusal only when it is the partner's.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { connectionHistory } from "./connection-history";
import { recordAudit } from "./record-audit";
import { addTestUser } from "./testing";

vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

describe.each(STORE_KINDS)("connectionHistory (%s)", (kind) => {
  let store: Store;
  const load = (actor: number, connectionId: string, study: string, records: number) =>
    recordAudit(store, {
      actor,
      action: "study.load",
      connectionId,
      study,
      details: { kind: "Patient", records, received: records, refused: 0 },
    });
  const refusal = (
    actor: number,
    connectionId: string,
    study: string,
    reason: "study_forbidden" | "study_not_listed",
  ) =>
    recordAudit(store, {
      actor,
      action: "access.refused",
      connectionId,
      study,
      details: { reason, via: "study_page" },
    });

  beforeAll(async () => {
    store = await testStore(kind);
    for (const id of [1, 2]) await addTestUser(store, id, `u${id}@example.org`);
    await load(1, "a", "ONC-101", 10); // 1
    await load(1, "a", "ONC-101", 11); // 2: the newest load of ONC-101 on a
    await refusal(1, "a", "ONC-101", "study_not_listed"); // 3: the portal's own refusal, not the partner's
    await refusal(1, "a", "CARD-201", "study_forbidden"); // 4
    await load(2, "a", "ONC-101", 99); // 5: another user's
    await load(1, "b", "ONC-101", 12); // 6: another connection's
    await recordAudit(store, {
      actor: 1,
      action: "connection.test",
      connectionId: "a",
      details: { outcome: "connected", failure: null, studies: [] },
    }); // 7
    await recordAudit(store, {
      actor: 1,
      action: "connection.update",
      connectionId: "b",
      details: { name: "B", fields: ["clientSecret"] },
    }); // 8
  });
  afterAll(async () => store.close());

  it("gives the user's newest entry per study and action of the connections asked for", async () => {
    const rows = await connectionHistory(store, 1, ["a"]);
    expect(rows.map((r) => [r.id, r.action, r.study])).toEqual([
      [2, "study.load", "ONC-101"],
      [4, "access.refused", "CARD-201"],
      [7, "connection.test", null],
    ]);
    expect(rows[0]).toMatchObject({ connectionId: "a", details: { records: 11 } });
  });

  it("gives several connections' entries at once, oldest first", async () => {
    const rows = await connectionHistory(store, 1, ["b", "a"]);
    expect(rows.map((r) => [r.id, r.connectionId])).toEqual([
      [2, "a"],
      [4, "a"],
      [6, "b"],
      [7, "a"],
      [8, "b"],
    ]);
    expect(rows.at(-1)).toMatchObject({ action: "connection.update", details: { fields: ["clientSecret"] } });
  });

  it("never gives another user's entries, even of the same connection ID", async () => {
    expect((await connectionHistory(store, 2, ["a"])).map((r) => r.id)).toEqual([5]);
    expect(await connectionHistory(store, 2, ["b"])).toEqual([]);
  });

  it("gives nothing for no connection", async () => {
    expect(await connectionHistory(store, 1, [])).toEqual([]);
  });
});

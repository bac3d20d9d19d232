/**
 * Tampering with the store as someone holding it would: drop the triggers, then change, remove or re-hash an entry.
 * verifyChain names the first entry that does not fit, and what is wrong with it, in either store.
 */
import { createHash, randomBytes } from "node:crypto";
import { type RawBuilder, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { audited, recordAudit } from "./record-audit";
import { dropAuditTriggers } from "./testing";
import { VERIFY_BATCH, verifyChain } from "./verify-chain";

// Entries are keyed by the audit key, derived from the portal's secret key (lib/audit/audit-key.ts).
vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

describe.each(STORE_KINDS)("verifyChain (%s)", (kind) => {
  let store: Store;
  beforeEach(async () => {
    store = await testStore(kind);
    for (let i = 0; i < 5; i++)
      await recordAudit(store, {
        actor: null,
        action: "access.refused",
        connectionId: `c-${i}`,
        details: { reason: "unknown_connection", via: "study_page" },
      });
  });
  afterEach(async () => store.close());

  /** The triggers dropped first: what an attacker holding the store can do. */
  async function tamper(statement: RawBuilder<unknown>): Promise<void> {
    await dropAuditTriggers(store, "audit_log_no_update", "audit_log_no_delete", "audit_log_follows_chain");
    await statement.execute(store.db);
  }

  const check = () => verifyChain(store);

  it("passes an untouched trail and gives its last ID and hash", async () => {
    const ok = await check();
    expect(ok).toMatchObject({ ok: true, entries: 5, last: { id: 5 } });
    expect(ok.ok && ok.last?.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("names an entry whose content was changed", async () => {
    await tamper(sql`UPDATE audit_log SET connection_id = 'someone-else' WHERE id = 3`);
    expect(await check()).toMatchObject({ ok: false, id: 3, problem: "hash mismatch", entries: 2 });
  });

  it("names an entry whose details were changed, also to something that is no JSON", async () => {
    await tamper(sql`UPDATE audit_log SET details = '{"reason":"study_not_listed","via":"study_page"}' WHERE id = 2`);
    expect(await check()).toMatchObject({ ok: false, id: 2, problem: "hash mismatch" });
    await tamper(sql`UPDATE audit_log SET details = 'not json' WHERE id = 1`);
    expect(await check()).toMatchObject({ ok: false, id: 1, problem: "unreadable details" });
  });

  it("names an entry whose stored details gained white space, which leaves the hash as it was", async () => {
    await tamper(
      sql`UPDATE audit_log SET details = '{"reason": "unknown_connection","via":"study_page"}' WHERE id = 4`,
    );
    expect(await check()).toMatchObject({ ok: false, id: 4, problem: "details not canonical", entries: 3 });
  });

  it("names the entry after one that was deleted", async () => {
    await tamper(sql`DELETE FROM audit_log WHERE id = 3`);
    const result = await check();
    expect(result).toMatchObject({ ok: false, id: 4, problem: "gap" });
    expect(!result.ok && result.message).toBe("entry 4 follows entry 2; entries 3 to 3 are missing");
  });

  it("names the first entry when the first ones were deleted", async () => {
    await tamper(sql`DELETE FROM audit_log WHERE id <= 2`);
    expect(await check()).toMatchObject({ ok: false, id: 3, problem: "gap" });
  });

  it("names an entry changed and re-hashed without the key, as SHA-256 with or without its key ID", async () => {
    const row = await store.db.selectFrom("audit_log").selectAll().where("id", "=", 3).executeTakeFirstOrThrow();
    // Recomputed from the documented canonical form, written out here: all that someone without the key can do.
    const content = (keyId: string) =>
      `{"action":"access.refused","actor_email":null,"actor_id":null,"address":null,"connection_id":"forged",` +
      `"details":${row.details},"id":3,${keyId}"prev_hash":"${row.prev_hash}","study":null,"time":"${row.time}"}`;
    const forged = createHash("sha256")
      .update(content(`"key_id":"${row.key_id}",`))
      .digest("hex");
    await tamper(sql`UPDATE audit_log SET connection_id = 'forged', hash = ${forged} WHERE id = 3`);
    expect(await check()).toMatchObject({ ok: false, id: 3, problem: "hash mismatch" });
    const unkeyed = createHash("sha256").update(content("")).digest("hex");
    await tamper(sql`UPDATE audit_log SET key_id = NULL, hash = ${unkeyed} WHERE id = 3`);
    expect(await check()).toMatchObject({ ok: false, id: 3, problem: "unkeyed after keyed" });
  });

  it("reads a trail longer than one batch whole, and names a gap where one batch ends", async () => {
    // One write: the entries are as recordAudit writes them, without a commit each.
    await audited(store, async (tx) => {
      for (let i = 5; i < VERIFY_BATCH + 3; i++)
        await recordAudit(tx, { actor: null, action: "auth.sign_out", details: {} });
    });
    expect(await check()).toMatchObject({ ok: true, entries: VERIFY_BATCH + 3, last: { id: VERIFY_BATCH + 3 } });
    await tamper(sql`DELETE FROM audit_log WHERE id = ${VERIFY_BATCH + 1}`);
    const result = await check();
    expect(result).toMatchObject({ ok: false, id: VERIFY_BATCH + 2, problem: "gap", entries: VERIFY_BATCH });
  });
});

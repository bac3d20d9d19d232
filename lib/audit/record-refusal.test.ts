/**
 * Refused accesses of one user cannot grow the trail without bound (docs/audit.md, "Refusals are aggregated"): at
 * most one entry per user, reason and via a minute, however many requests, and the refusal stands when its entry
 * cannot be written. In either store.
 */
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { type AccessRefusal, flushAccessRefusals, recordAccessRefusal } from "./record-refusal";
import { RefusalSampler, SAMPLE_INTERVAL_MS } from "./refusal-sampler";
import { addTestUser } from "./testing";

vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

/** The kinds one user can be refused in a loop, each with a made-up target. */
const KINDS: Omit<AccessRefusal, "actor" | "address">[] = [
  { reason: "unknown_connection", via: "progress", study: "ONC-101" },
  { reason: "study_not_listed", via: "study_page", study: "ONC-999" },
  { reason: "admin_only", via: "admin_page", page: "/admin/audit" },
  { reason: "other_users_export", via: "export" },
];

describe.each(STORE_KINDS)("refused accesses (%s)", (kind) => {
  let store: Store;
  beforeEach(async () => {
    store = await testStore(kind);
    await addTestUser(store, 1, "mal@example.org", "M");
  });
  afterEach(async () => store.close());

  const entries = () =>
    store.db.selectFrom("audit_log").select("details").where("action", "=", "access.refused").orderBy("id").execute();

  async function refuse(
    n: number,
    sampler: RefusalSampler<AccessRefusal>,
    clock: { now: number },
    stepMs: number,
  ): Promise<void> {
    for (let i = 0; i < n; i++) {
      clock.now += stepMs;
      const kind = KINDS[i % KINDS.length];
      const made = kind.reason === "unknown_connection" ? { connectionId: `made-up-${i}` } : {};
      await recordAccessRefusal(store, { actor: 1, address: "198.51.100.9", ...kind, ...made }, sampler);
    }
  }

  it("100,000 refused requests of one user in 800 s add at most one entry per kind a minute", async () => {
    const clock = { now: 0 };
    // 8 ms apart: 125 requests a second, about what one client was measured to send (3,000 in 25 s).
    const sampler = new RefusalSampler<AccessRefusal>(() => clock.now);
    await refuse(100_000, sampler, clock, 8);
    const minutes = Math.ceil(clock.now / SAMPLE_INTERVAL_MS);
    const written = await entries();
    expect(written.length).toBeLessThanOrEqual(KINDS.length * minutes);
    expect(written.length).toBeGreaterThanOrEqual(KINDS.length);
    // Those without an entry are counted in the next one of their kind; each kind's last minute is written once it
    // has passed.
    const counted = (rows: { details: string }[]) =>
      rows.reduce((n, e) => n + 1 + (JSON.parse(e.details) as { unrecorded: number }).unrecorded, 0);
    expect(counted(written)).toBeGreaterThan(100_000 - KINDS.length * (SAMPLE_INTERVAL_MS / 8));
    expect(counted(written)).toBeLessThanOrEqual(100_000);
    clock.now += SAMPLE_INTERVAL_MS;
    await flushAccessRefusals(store, sampler);
    expect((await entries()).length).toBeLessThanOrEqual(KINDS.length * (minutes + 1));
    expect(counted(await entries())).toBe(100_000);
  });

  it("100,000 refused requests at one instant add one entry per kind", async () => {
    const clock = { now: 0 };
    await refuse(100_000, new RefusalSampler<AccessRefusal>(() => clock.now), clock, 0);
    expect(await entries()).toHaveLength(KINDS.length);
  });

  it("keeps each user's kinds apart, with the first refusal's target", async () => {
    const sampler = new RefusalSampler<AccessRefusal>(() => 0);
    await addTestUser(store, 2, "b@example.org", "B");
    for (const actor of [1, 1, 2]) await recordAccessRefusal(store, { actor, address: null, ...KINDS[0] }, sampler);
    const rows = await store.db
      .selectFrom("audit_log")
      .select(["actor_id", "study", "details"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { actor_id: 1, study: "ONC-101", details: '{"reason":"unknown_connection","unrecorded":0,"via":"progress"}' },
      { actor_id: 2, study: "ONC-101", details: '{"reason":"unknown_connection","unrecorded":0,"via":"progress"}' },
    ]);
  });
  it("writes a user's refusals still counted once their minute has passed, as one entry for the latest", async () => {
    const clock = { now: 0 };
    const sampler = new RefusalSampler<AccessRefusal>(() => clock.now);
    for (let i = 0; i < 55; i++) {
      await recordAccessRefusal(store, { actor: 1, address: null, ...KINDS[0], connectionId: `made-up-${i}` }, sampler);
    }
    await flushAccessRefusals(store, sampler);
    expect(await entries()).toHaveLength(1);
    clock.now = SAMPLE_INTERVAL_MS;
    await flushAccessRefusals(store, sampler);
    const rows = await store.db.selectFrom("audit_log").select(["connection_id", "details"]).orderBy("id").execute();
    // The first refusal, then the 55th standing for itself and the 53 before it.
    expect(rows).toEqual([
      { connection_id: "made-up-0", details: '{"reason":"unknown_connection","unrecorded":0,"via":"progress"}' },
      { connection_id: "made-up-54", details: '{"reason":"unknown_connection","unrecorded":53,"via":"progress"}' },
    ]);
  });
});

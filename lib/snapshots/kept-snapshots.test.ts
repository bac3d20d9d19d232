/**
 * The study cache with kept snapshots, against the in-process partner service and a real store: a study opened
 * again by a new cache (a restart, another instance) is served its latest snapshot after one access check; another
 * identity, a revoked grant or a rotated secret gets none of it; Refresh loads afresh.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthenticationError, StudyForbiddenError } from "@/lib/partner-client/errors";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { snapshotIdentity } from "@/lib/study-cache/cache-keys";
import { StudyCache } from "@/lib/study-cache/study-cache";
import type { SnapshotKeeper } from "@/lib/study-cache/study-cache-types";
import { API_PATH, TOKEN_PATH } from "@/partner-api/paths";
import { addClient, revoke, rotateSecret } from "@/partner-service/data/partner-registry";
import { createTestService, credsOf, northstar, TEST_BASE, type TestService } from "@/partner-service/testing";
import { SnapshotStore } from "./snapshot-store";
import { snapshotCache } from "./testing";

const NORTH = credsOf(northstar);
const PROOF = `${TEST_BASE}${API_PATH}/Group?researchstudy=ONC-101&_count=1`;
const TOKEN = `${TEST_BASE}${TOKEN_PATH}`;

let t: TestService;
let store: Store;

const cacheOf = () => snapshotCache(t, store);

/** A cache over the service keeping snapshots with `snapshots` (a store wrapped to hold some of its calls). */
function cacheWith(snapshots: SnapshotKeeper) {
  const now = () => t.clock.now;
  return new StudyCache({ ttlMs: 3_600_000, maxBytes: 2 ** 26, now, snapshots, client: { fetch: t.fetch, now } });
}

/** Northstar's adverse events loaded by one cache and kept, as before a restart. */
async function loadAndKeep() {
  const { cache } = cacheOf();
  await cache.rows(NORTH, "ONC-101", "AdverseEvent");
  await cache.snapshotsKept();
}

describe.each(STORE_KINDS)("kept snapshots on the %s store", (kind) => {
  beforeEach(async () => {
    t = await createTestService({ data: { subjects: 12, visits: 3 } });
    store = await testStore(kind);
  });
  afterEach(async () => {
    t.db.close();
    await store.close();
  });

  it("serve a study opened again after a restart, asking the partner for a token and the access check", async () => {
    const first = cacheOf();
    const loaded = await first.cache.rows(NORTH, "ONC-101", "AdverseEvent");
    await first.cache.snapshotsKept();
    t.clock.now += 3_600_000;
    const again = cacheOf();
    const served = await again.cache.rows(NORTH, "ONC-101", "AdverseEvent");
    expect(served.value).toEqual(loaded.value);
    expect(served.loadedAt).toBe(loaded.loadedAt);
    expect(again.urls).toEqual([TOKEN, PROOF]);
  });

  it("are never served to another identity, which loads the study itself", async () => {
    await loadAndKeep();
    const secret = await addClient(t.db, northstar.partnerId, "northstar-second");
    const other = cacheOf();
    await other.cache.rows({ ...NORTH, clientId: "northstar-second", clientSecret: secret }, "ONC-101", "AdverseEvent");
    expect(other.urls.filter((u) => u.includes("/AdverseEvent?")).length).toBeGreaterThan(0);
  });

  it("are hidden by a revoked grant and by a rotated secret", async () => {
    await loadAndKeep();
    await rotateSecret(t.db, northstar.clientId);
    await expect(cacheOf().cache.rows(NORTH, "ONC-101", "AdverseEvent")).rejects.toBeInstanceOf(AuthenticationError);
    const secret = await rotateSecret(t.db, northstar.clientId);
    revoke(t.db, northstar.partnerId, "ONC-101");
    const revoked = cacheOf();
    await expect(
      revoked.cache.rows({ ...NORTH, clientSecret: secret }, "ONC-101", "AdverseEvent"),
    ).rejects.toBeInstanceOf(StudyForbiddenError);
    expect(revoked.urls.filter((u) => u.includes("/AdverseEvent?"))).toEqual([]);
  });

  it("give way to a load from the partner after Refresh, which keeps a new one", async () => {
    await loadAndKeep();
    t.clock.now += 60_000;
    const again = cacheOf();
    expect(await again.cache.refresh(NORTH, "ONC-101")).toEqual({ status: "dropped", entries: 0 });
    t.clock.now += 1;
    const fresh = await again.cache.rows(NORTH, "ONC-101", "AdverseEvent");
    expect(again.urls.filter((u) => u.includes("/AdverseEvent?")).length).toBeGreaterThan(0);
    expect(fresh.loadedAt).toBe(t.clock.now);
    await again.cache.snapshotsKept();
    const kept = await store.db.selectFrom("study_snapshots").select("taken_at").orderBy("id").execute();
    expect(kept.map((k) => Date.parse(k.taken_at))).toEqual([t.clock.now - 60_001, t.clock.now]);
  });

  it("give way to Refresh while a record type is still read back from one: dropped, not waited for", async () => {
    await loadAndKeep();
    // A new cache whose reads of the store wait, as a large study's do.
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const kept = new SnapshotStore(async () => store, { kept: 20, keptDays: 365 });
    const slow: SnapshotKeeper = {
      keep: (...args) => kept.keep(...args),
      latest: (at) => kept.latest(at),
      read: async (identity, id) => {
        await gate;
        return kept.read(identity, id);
      },
    };
    const cache = cacheWith(slow);
    const reading = cache.rows(NORTH, "ONC-101", "AdverseEvent");
    await vi.waitFor(() => expect(cache.stats().loading).toBe(1));
    t.clock.now += 1;
    expect(await cache.refresh(NORTH, "ONC-101")).toMatchObject({ status: "dropped" });
    open();
    await reading;
    // What the read brought back is not kept: the next read loads from the partner.
    expect(cache.stats().entries).toBe(0);
    t.clock.now += 1;
    expect((await cache.rows(NORTH, "ONC-101", "AdverseEvent")).loadedAt).toBe(t.clock.now);
  });

  it("let a load of data another identity holds take its rows at once, before the snapshot is written", async () => {
    const secret = await addClient(t.db, northstar.partnerId, "northstar-second");
    const SECOND = { ...NORTH, clientId: "northstar-second", clientSecret: secret };
    const kept = new SnapshotStore(async () => store, { kept: 20, keptDays: 365 });
    // A store whose writes wait: the second identity's snapshot is not written while its rows are served.
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    let writes = 0;
    const slow: SnapshotKeeper = {
      fingerprint: (...args) => kept.fingerprint(...args),
      keep: async (...args) => {
        if (writes++ > 0) await gate;
        return kept.keep(...args);
      },
      latest: (at) => kept.latest(at),
      read: (identity, id) => kept.read(identity, id),
    };
    const cache = cacheWith(slow);
    const first = await cache.rows(NORTH, "ONC-101", "AdverseEvent");
    await cache.snapshotsKept();
    const one = cache.stats().bytes;
    const second = await cache.rows(SECOND, "ONC-101", "AdverseEvent");
    expect(writes).toBe(2);
    expect(second.value).toBe(first.value);
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: one, sharing: 1 });
    // Other data is not joined to it: another study's adverse events are rows of their own.
    const other = await cache.rows(SECOND, "CARD-201", "AdverseEvent");
    expect(other.value).not.toBe(first.value);
    open();
    await cache.snapshotsKept();
    // Written afterwards, the second identity's snapshot has the fingerprint of the first's, which joined them.
    const at = (creds: typeof NORTH) => ({
      identity: snapshotIdentity(creds),
      study: "ONC-101",
      recordType: "AdverseEvent",
    });
    const [north, secondKept] = [await kept.latest(at(NORTH)), await kept.latest(at(SECOND))];
    expect(north?.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(secondKept?.fingerprint).toBe(north?.fingerprint);
  });

  it("are shared in memory by identities that read identical data, once kept; different data is not", async () => {
    const secret = await addClient(t.db, northstar.partnerId, "northstar-second");
    const SECOND = { ...NORTH, clientId: "northstar-second", clientSecret: secret };
    const { cache } = cacheOf();
    const first = await cache.rows(NORTH, "ONC-101", "AdverseEvent");
    await cache.snapshotsKept();
    const one = cache.stats().bytes;
    const second = await cache.rows(SECOND, "ONC-101", "AdverseEvent");
    expect(second.value).toEqual(first.value);
    await cache.snapshotsKept();
    expect((await cache.rows(SECOND, "ONC-101", "AdverseEvent")).value).toBe(first.value);
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: one, sharing: 1 });
    // After a restart, the second identity's own snapshot, of the same fingerprint, is served the rows held.
    const again = cacheOf();
    const reread = await again.cache.rows(NORTH, "ONC-101", "AdverseEvent");
    expect((await again.cache.rows(SECOND, "ONC-101", "AdverseEvent")).value).toBe(reread.value);
    const other = await again.cache.rows(NORTH, "CARD-201", "AdverseEvent");
    expect(other.value).not.toBe(reread.value);
    expect(again.cache.stats().sharing).toBe(1);
  });
});

/**
 * Loads on the loading thread against the real partner service over HTTP: what the rendering thread is left with
 * when a load is stopped, refused, or its thread dies. Exact rows under faults and token expiry are tested with
 * both places of loading (partner-faults.test.ts, token-expiry.test.ts).
 */
import { createHash } from "node:crypto";
import { setMaxListeners } from "node:events";
import { readdirSync, readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PartnerClient } from "@/lib/partner-client/client";
import { StudyForbiddenError } from "@/lib/partner-client/errors";
import type { RetryPolicy } from "@/lib/partner-client/retry";
import { Turns } from "@/lib/runtime/turns";
import { type HttpTestService, serveTestService } from "@/partner-service/http-testing";
import { contentHash, contentHashesOf, HASH_BYTES } from "./content-hashes";
import { LoadThread, loadThread } from "./load-thread";
import { faultTestCache, northstarAt, STUDY, studyDatabase } from "./resilience-testing";
import type { CachedRows } from "./row-mappers";
import type { SnapshotKeeper } from "./study-cache-types";

const RETRY: RetryPolicy = { attempts: 2, baseDelayMs: 5, maxDelayMs: 20, timeoutMs: 5_000, maxRetryAfterMs: 1_000 };
const fixture = studyDatabase();
/**
 * Waits on a busy machine: in tests the thread compiles its modules through tsx first, which took over a
 * second (vi.waitFor's default) while CI's other test files ran beside it. What is waited for must still happen.
 */
const SLOW_MACHINE = { timeout: 20_000, interval: 20 };
/** The thread's running worker, to stop it as a crash would and to see that it has gone. */
const workerOf = (thread: LoadThread) => (thread as unknown as { thread: { worker?: Worker } }).thread.worker;

/** A promise the test resolves (Node 20 has no Promise.withResolvers). */
function gate() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
let served: HttpTestService;
afterEach(async () => {
  vi.restoreAllMocks();
  await served.stop();
});

describe("loads on the loading thread", () => {
  it("an abort ends the load at once with its reason, gives back its turns, and the next load completes", async () => {
    served = await serveTestService({ db: fixture.db });
    let data = 0;
    const held = gate();
    // The third page is held until the test lets it go: the load is under way, with pages in flight.
    served.before = async (kind) => {
      if (kind === "data" && ++data === 3) await held.promise;
    };
    const pageTurns = new Turns(4);
    const cache = faultTestCache(RETRY, { loadThread: true, client: { pageTurns } });
    const creds = northstarAt(served.baseUrl);
    const controller = new AbortController();
    // Pages waiting for a turn listen to the load's signal (the study cache raises the limit for its own loads).
    setMaxListeners(64, controller.signal);
    const client = (cache as unknown as { clients: { get(c: unknown): never } }).clients.get(creds);
    const load = loadThread().loadRows(
      client,
      STUDY,
      "laboratory",
      { pageTurns, retry: RETRY, pageSize: 20 },
      () => {},
      controller.signal,
    );
    // Should a wait below fail, the load's own failure must not surface later as another test's unhandled rejection.
    load.catch(() => undefined);
    await vi.waitFor(() => expect(data).toBeGreaterThanOrEqual(3), SLOW_MACHINE);
    const reason = new Error("stopped by the test");
    controller.abort(reason);
    await expect(load).rejects.toBe(reason);
    expect(pageTurns.load.running).toBe(0);
    held.resolve();
    const again = await cache.rows(creds, STUDY, "laboratory");
    expect(again.value.rows.length).toBeGreaterThan(0);
    expect(pageTurns.load).toEqual({ running: 0, waiting: 0 });
  });

  it("each row loaded comes with its content hash, the same as the row rebuilt here hashes to", async () => {
    served = await serveTestService({ db: fixture.db });
    const cache = faultTestCache(RETRY, { loadThread: true, client: { pageSize: 7 } });
    for (const recordType of ["laboratory", "AdverseEvent", "Patient"] as const) {
      const { rows } = (await cache.rows(northstarAt(served.baseUrl), STUDY, recordType)).value;
      const hashes = contentHashesOf(rows as object[]);
      // Pages of 7 rows: the hashes of many pages, put together in the rows' order.
      expect(rows.length).toBeGreaterThan(20);
      expect(hashes?.length).toBe(rows.length * HASH_BYTES);
      const hex = Buffer.from(hashes ?? []).toString("hex");
      // Hashed there from the mapped row, here from the row rebuilt from its columns: every one alike.
      const differing = rows.filter((row, i) => hex.slice(i * 16, i * 16 + 16) !== contentHash(row));
      expect(differing).toEqual([]);
    }
  });

  it("gives the snapshot each row's whole digest, made there, and keeps none of them in the cache", async () => {
    served = await serveTestService({ db: fixture.db });
    const kept: { value: CachedRows<unknown>; digests?: Uint8Array }[] = [];
    const snapshots: SnapshotKeeper = {
      keep: async (_at, value, _takenAt, digests) => {
        kept.push({ value, digests });
        return { fingerprint: "f" };
      },
      latest: async () => undefined,
      read: () => Promise.reject(new Error("none kept")),
    };
    const cache = faultTestCache(RETRY, { loadThread: true, snapshots, client: { pageSize: 7 } });
    const loaded = await cache.rows(northstarAt(served.baseUrl), STUDY, "laboratory");
    await cache.snapshotsKept();
    expect(kept).toHaveLength(1);
    const { rows } = kept[0].value;
    expect(rows).toBe(loaded.value.rows);
    expect(rows.length).toBeGreaterThan(20);
    // Each the SHA-256 of the row's JSON, made here from the row rebuilt from its columns: 32 bytes a row, in order.
    const expected = Buffer.concat(rows.map((row) => createHash("sha256").update(JSON.stringify(row)).digest()));
    expect(Buffer.from(kept[0].digests ?? []).equals(expected)).toBe(true);
    expect(Object.keys(loaded)).not.toContain("digests");
  });

  it("a refusal of the service crosses as the partner error it is, with its facts", async () => {
    served = await serveTestService({ db: fixture.db });
    const cache = faultTestCache(RETRY, { loadThread: true });
    const failed = cache.rows(northstarAt(served.baseUrl), "ONC-999", "AdverseEvent");
    const error = await failed.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StudyForbiddenError);
    expect((error as StudyForbiddenError).facts()).toMatchObject({ kind: "forbidden", status: 403 });
  });

  it("never sends the client secret to the loading thread", async () => {
    served = await serveTestService({ db: fixture.db });
    const sent: unknown[] = [];
    const post = Worker.prototype.postMessage;
    vi.spyOn(Worker.prototype, "postMessage").mockImplementation(function (this: Worker, m, transfer) {
      sent.push(m);
      return post.call(this, m, transfer);
    });
    const creds = northstarAt(served.baseUrl);
    const cache = faultTestCache(RETRY, { loadThread: true });
    await cache.rows(creds, STUDY, "Patient");
    expect(sent.length).toBeGreaterThan(1);
    expect(JSON.stringify(sent)).not.toContain(creds.clientSecret);
  });

  it("a thread that dies fails its loads with a clear error, and the next load starts a new one", async () => {
    served = await serveTestService({ db: fixture.db });
    const held = gate();
    let data = 0;
    served.before = async (kind) => {
      if (kind === "data" && ++data === 2) await held.promise;
    };
    const creds = northstarAt(served.baseUrl);
    const cache = faultTestCache(RETRY, { loadThread: true });
    const load = cache.rows(creds, STUDY, "laboratory");
    load.catch(() => undefined);
    await vi.waitFor(() => expect(data).toBeGreaterThanOrEqual(2), SLOW_MACHINE);
    await workerOf(loadThread())?.terminate();
    await expect(load).rejects.toThrow(/The study loading thread stopped \(exit code 1\)\. Refresh/);
    held.resolve();
    served.before = () => undefined;
    const again = await cache.rows(creds, STUDY, "laboratory");
    expect(again.value.rows.length).toBeGreaterThan(0);
  });

  it("an idle thread stops after its idle time, and the next load starts another", async () => {
    served = await serveTestService({ db: fixture.db });
    const thread = new LoadThread(20);
    const client = new PartnerClient(northstarAt(served.baseUrl), { retry: RETRY });
    const options = { pageTurns: new Turns(4), retry: RETRY };
    const load = () => thread.loadRows(client, STUDY, "Patient", options, () => {}, new AbortController().signal);
    const first = await load();
    const running = () => workerOf(thread);
    expect(running()).toBeDefined();
    await vi.waitFor(() => expect(running()).toBeUndefined(), SLOW_MACHINE);
    const second = await load();
    expect(second.value.rows).toEqual(first.value.rows);
    expect(second.value.rows).toHaveLength(24);
  });

  it("runs at a lower CPU priority than the thread that renders pages", async () => {
    const nice = (task: string) => {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
    };
    const lowered = () => readdirSync("/proc/self/task").filter((task) => nice(task) === 10);
    // The loading threads of the tests before stop after their idle time (10 s at most): none is left to count.
    await vi.waitFor(() => expect(lowered()).toEqual([]), { timeout: 15_000, interval: 100 });
    served = await serveTestService({ db: fixture.db });
    const cache = faultTestCache(RETRY, { loadThread: true });
    await cache.rows(northstarAt(served.baseUrl), STUDY, "Patient");
    const own = nice(String(process.pid));
    // The worker has not stopped yet (it stops 10 s after its last load): one thread of this process is at nice 10.
    expect(own).toBeLessThan(10);
    expect(lowered()).toHaveLength(1);
  });
});

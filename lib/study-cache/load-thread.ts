/**
 * Study loads on a thread of their own (docs/performance.md, Study loads). A load of a large study parses, checks
 * and maps about a million records: on the thread that renders pages it made every page wait behind it
 * (docs/benchmarks.md, bench:load, phase 2). Here a worker thread (./load-thread-worker.ts) does that work and sends
 * each page's rows as columns, with their content hashes (./content-hashes.ts); this thread only rebuilds the rows
 * (./row-codec.ts), keeps the hashes beside them, and answers the worker's asks for tokens (from the connection's
 * client, which keeps the secret and the token) and for turns of the process's budget of pages in flight. One worker
 * serves every load of the process; it is started with the first load, and again after it has stopped (every load
 * it ran then fails with a clear error).
 */
import type { Worker } from "node:worker_threads";
import type { PartnerClient } from "@/lib/partner-client/client";
import type { RetryPolicy } from "@/lib/partner-client/retry";
import { OnDemandWorker } from "@/lib/runtime/on-demand-worker";
import { processSingleton } from "@/lib/runtime/process-singleton";
import type { Release, Turns } from "@/lib/runtime/turns";
import { keepContentHashes } from "./content-hashes";
import { errorOf, type FromLoadThread, failureOf, type LoadRequest, type ToLoadThread } from "./load-thread-messages";
import { startLoadWorker } from "./load-thread-start";
import { RowDecoder } from "./row-decoder";
import type { CachedRecordType, CachedRows, RowOf } from "./row-mappers";
import { estimateBytes, StringPool } from "./size";
import type { LoadProgress } from "./ttl-lru";

/** What a load on the thread is given besides its client: the shared page turns and the client's settings. */
export interface ThreadLoadOptions {
  pageTurns: Pick<Turns, "enter">;
  retry?: RetryPolicy;
  pageSize?: number;
  concurrency?: number;
}

type Done = Extract<FromLoadThread, { type: "done" }>;

interface Pending {
  /** The worker running the load: one that stops fails its own loads only. */
  worker: Worker;
  client: PartnerClient;
  turns: Pick<Turns, "enter">;
  signal: AbortSignal;
  /** Turns the worker holds, by its ask number: given back when it says so, or all when the load ends. */
  held: Map<number, Release>;
  decoder: RowDecoder;
  chunks: unknown[][];
  /** Each page's rows' content hashes and digests, by the page's place, as `chunks`. */
  hashes: Uint8Array[];
  digests: Uint8Array[];
  progress: (p: LoadProgress) => void;
  settle: (outcome: { done: Done } | { error: unknown }) => void;
}

/**
 * How long an idle worker is kept: the loads of a study's views come close together, and a worker's start costs
 * some tens of milliseconds; a stopped worker gives back its heap (the pages it parsed, its young generation).
 */
const IDLE_MS = 10_000;

export class LoadThread {
  private readonly thread: OnDemandWorker;
  // Bounded by the study cache's load slots: a load is here only while it holds one.
  private readonly loads = new Map<number, Pending>();
  private nextId = 1;

  constructor(idleMs = IDLE_MS) {
    this.thread = new OnDemandWorker(startLoadWorker, (worker) => this.wire(worker), idleMs);
  }

  /** Every record of a record type in a study, as rows, loaded on the thread: as ./load-rows.ts's loadRows. */
  async loadRows<K extends CachedRecordType>(
    client: PartnerClient,
    study: string,
    recordType: K,
    options: ThreadLoadOptions,
    progress: (p: LoadProgress) => void,
    signal: AbortSignal,
  ) {
    signal.throwIfAborted();
    const pool = new StringPool();
    const chunks: unknown[][] = [];
    const hashes: Uint8Array[] = [];
    const digests: Uint8Array[] = [];
    const decoder = new RowDecoder(pool.intern);
    const { baseUrl, partnerId, clientId } = client.creds;
    const { retry, pageSize, concurrency } = options;
    const request = { connection: { baseUrl, partnerId, clientId }, study, recordType, retry, pageSize, concurrency };
    const load = { client, turns: options.pageTurns, signal, decoder, chunks, hashes, digests, progress };
    const done = await this.run(request, load);
    const value: CachedRows<RowOf<K>> = {
      rows: chunks.flat() as RowOf<K>[],
      received: done.total,
      rejected: done.rejected,
    };
    const all = Buffer.concat(hashes.filter((h) => h !== undefined));
    keepContentHashes(value.rows as object[], all);
    return {
      value,
      bytes: estimateBytes(value, pool) + pool.bytes + all.byteLength,
      // For the snapshot the load is kept as, whose chunks they name (lib/snapshots/chunks.ts); the cache keeps none.
      digests: Buffer.concat(digests.filter((d) => d !== undefined)),
    };
  }

  /** Sends a load to the worker and settles with its end: done, failed, aborted, or the worker stopped. */
  private run(
    request: Omit<LoadRequest, "type" | "id">,
    load: Omit<Pending, "worker" | "held" | "settle">,
  ): Promise<Done> {
    const id = this.nextId++;
    const { signal } = load;
    return new Promise<Done>((resolve, reject) => {
      const settle: Pending["settle"] = (outcome) => {
        this.finish(id);
        signal.removeEventListener("abort", stop);
        if ("done" in outcome) resolve(outcome.done);
        else reject(outcome.error);
      };
      const stop = () => {
        const running = this.loads.get(id);
        if (running) this.send(running.worker, { type: "abort", id });
        settle({ error: signal.reason });
      };
      signal.addEventListener("abort", stop, { once: true });
      const worker = this.thread.busy();
      this.loads.set(id, { ...load, worker, held: new Map(), settle });
      worker.postMessage({ type: "load", id, ...request } satisfies ToLoadThread);
    });
  }

  /** A message to `worker`, if it is still the one running: a stopped worker's loads have ended. */
  private send(worker: Worker, message: ToLoadThread) {
    if (this.thread.isCurrent(worker)) worker.postMessage(message);
  }

  private wire(worker: Worker) {
    worker.on("message", (m: FromLoadThread) => this.receive(worker, m));
    // A worker that fails or stops takes its loads with it: each ends in an error, and the next load starts anew.
    const stopped = (why: string) => {
      this.thread.forget(worker);
      const error = new Error(`The study loading thread stopped (${why}). Refresh to load the study again.`);
      for (const load of [...this.loads.values()]) if (load.worker === worker) load.settle({ error });
    };
    worker.on("error", (err) => stopped(err.message));
    worker.on("exit", (code) => stopped(`exit code ${code}`));
  }

  private receive(worker: Worker, m: FromLoadThread) {
    const load = this.loads.get(m.id);
    // A load that has ended (aborted) may still hear from its search: its asks are refused, its pages dropped.
    if (!load) {
      if (m.type === "token" || m.type === "turn")
        this.send(worker, { type: m.type, id: m.id, ask: m.ask, failure: { aborted: true } });
      return;
    }
    if (m.type === "page") {
      load.chunks[m.page.index] = load.decoder.decode(m.page);
      load.hashes[m.page.index] = m.hashes;
      load.digests[m.page.index] = m.digests;
    } else if (m.type === "progress") load.progress({ loaded: m.loaded, total: m.total });
    else if (m.type === "token") this.giveToken(load, m.id, m.ask);
    else if (m.type === "invalidate") load.client.tokens.invalidate(m.token);
    else if (m.type === "turn") this.giveTurn(load, m.id, m.ask);
    else if (m.type === "release") this.release(load, m.ask);
    else if (m.type === "done") load.settle({ done: m });
    else load.settle({ error: errorOf(m.failure, load.signal) });
  }

  private giveToken(load: Pending, id: number, ask: number) {
    load.client.tokens.get().then(
      (token) => this.send(load.worker, { type: "token", id, ask, token }),
      (err) => this.send(load.worker, { type: "token", id, ask, failure: failureOf(err, load.signal) }),
    );
  }

  private giveTurn(load: Pending, id: number, ask: number) {
    const turn = load.turns.enter(load.signal) ?? Promise.resolve(() => undefined);
    turn.then(
      (release) => {
        // The load ended while this turn was awaited: the turn goes straight back.
        if (this.loads.get(id) !== load) return release();
        load.held.set(ask, release);
        this.send(load.worker, { type: "turn", id, ask });
      },
      (err) => this.send(load.worker, { type: "turn", id, ask, failure: failureOf(err, load.signal) }),
    );
  }

  private release(load: Pending, ask: number) {
    load.held.get(ask)?.();
    load.held.delete(ask);
  }

  /** A load has ended: its turns go back; with no load left, the worker is idle. */
  private finish(id: number) {
    const load = this.loads.get(id);
    if (!load) return;
    this.loads.delete(id);
    for (const release of load.held.values()) release();
    load.held.clear();
    if (this.loads.size === 0) this.thread.quiet();
  }
}

/** The process's one loading thread (one per process, as the study cache: lib/runtime/process-singleton.ts). */
export const loadThread = (): LoadThread => processSingleton("loadThread", () => new LoadThread());

/**
 * The study loading thread (a worker thread; ./load-thread.ts starts it): it fetches a load's pages, parses them,
 * checks each record against its schema and maps it to a row, and sends each page's rows as columns
 * (./row-codec.ts). Tokens and turns for pages in flight are asked of the rendering thread, which keeps the client
 * secret, the token cache and the budget of pages in flight shared with every other load.
 */
import { setMaxListeners } from "node:events";
import { parentPort } from "node:worker_threads";
import { PartnerClient } from "@/lib/partner-client/client";
import type { TokenProvider } from "@/lib/partner-client/token";
import { runAsBackground } from "@/lib/runtime/thread-priority";
import type { Release } from "@/lib/runtime/turns";
import { contentHashesOfDigests, rowDigests } from "./content-hashes";
import {
  errorOf,
  type Failure,
  type FromLoadThread,
  failureOf,
  type LoadRequest,
  type ToLoadThread,
} from "./load-thread-messages";
import { RowEncoder } from "./row-codec";
import { mapperOf } from "./row-mappers";

const port = parentPort;
if (port === null) throw new Error("load-thread-worker runs as a worker thread.");

/**
 * The loading thread is background work (nice 10, and SCHED_IDLE where the system allows it): on a busy machine the
 * thread that renders pages wins the CPU, and a load takes longer instead of making every page wait
 * (docs/benchmarks.md, bench:load, phase 2).
 */
const LOAD_NICE = 10;
runAsBackground(LOAD_NICE);
const post = (message: FromLoadThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** An answer awaited from the rendering thread: a token or a turn. */
type Awaited = { resolve: (value: string | undefined) => void; reject: (reason: unknown) => void };

interface Running {
  abort: AbortController;
  asks: Map<number, Awaited>;
  nextAsk: number;
}

const running = new Map<number, Running>();

port.on("message", (m: ToLoadThread) => {
  const load = running.get(m.id);
  if (m.type === "load") void runLoad(m);
  else if (m.type === "abort") load?.abort.abort(new Error("The load was stopped."));
  else answer(load, m.ask, m.failure, m.type === "token" ? m.token : undefined);
});

function answer(load: Running | undefined, ask: number, failure: Failure | undefined, value: string | undefined) {
  const awaited = load?.asks.get(ask);
  if (!load || !awaited) return;
  load.asks.delete(ask);
  if (failure) awaited.reject(errorOf(failure, load.abort.signal));
  else awaited.resolve(value);
}

/**
 * Asks the rendering thread for a token or a turn: its number (a turn is given back by it) and the answer. An abort
 * of `signal` ends the wait; a turn granted after that is given back when the load ends (./load-thread.ts).
 */
function ask(id: number, load: Running, type: "token" | "turn", signal = load.abort.signal) {
  const n = load.nextAsk++;
  const answer = new Promise<string | undefined>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const leave = () => {
      load.asks.delete(n);
      reject(signal.reason);
    };
    signal.addEventListener("abort", leave, { once: true });
    const settled = () => signal.removeEventListener("abort", leave);
    load.asks.set(n, {
      resolve: (v) => {
        settled();
        resolve(v);
      },
      reject: (e) => {
        settled();
        reject(e);
      },
    });
    post({ type, id, ask: n });
  });
  return { n, answer };
}

function clientFor(m: LoadRequest, load: Running): PartnerClient {
  const tokens: TokenProvider = {
    get: async () => (await ask(m.id, load, "token").answer) ?? "",
    invalidate: (token) => post({ type: "invalidate", id: m.id, token }),
  };
  const pageTurns = {
    enter: async (signal?: AbortSignal): Promise<Release> => {
      const { n, answer } = ask(m.id, load, "turn", signal);
      await answer;
      return () => post({ type: "release", id: m.id, ask: n });
    },
  };
  // No secret here: the tokens come from the rendering thread's client (`tokens`), whose source holds it.
  const creds = { ...m.connection, clientSecret: "" };
  return new PartnerClient(creds, {
    tokens,
    pageTurns,
    retry: m.retry,
    pageSize: m.pageSize,
    concurrency: m.concurrency,
  });
}

async function runLoad(m: LoadRequest) {
  const load: Running = { abort: new AbortController(), asks: new Map(), nextAsk: 0 };
  // Each page in flight waits on the load's signal for its token (more than Node's default of 10 listeners).
  setMaxListeners(256, load.abort.signal);
  running.set(m.id, load);
  const encoder = new RowEncoder();
  const map = mapperOf(m.recordType);
  try {
    const { total, rejected } = await clientFor(m, load).searchPages(
      m.recordType,
      m.study,
      (r) => map(r, encoder.intern),
      (index, rows) => {
        const { page, transfer } = encoder.encode(index, rows);
        const digests = rowDigests(rows);
        const hashes = contentHashesOfDigests(digests);
        post({ type: "page", id: m.id, page, hashes, digests }, [
          ...transfer,
          hashes.buffer as ArrayBuffer,
          digests.buffer as ArrayBuffer,
        ]);
      },
      (p) => post({ type: "progress", id: m.id, loaded: p.loaded, total: p.total }),
      load.abort.signal,
    );
    post({ type: "done", id: m.id, total, rejected });
  } catch (err) {
    post({ type: "failed", id: m.id, failure: failureOf(err, load.abort.signal) });
  } finally {
    running.delete(m.id);
    for (const awaited of load.asks.values()) awaited.reject(new Error("The load has ended."));
    collectWhenIdle();
  }
}

/**
 * A full collection of this thread's heap once no load runs (where the process allows it: `node --expose-gc`), so
 * that a load's parsed pages do not stay as garbage in the server's memory; it pauses this thread only.
 */
function collectWhenIdle() {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc !== undefined && running.size === 0) gc();
}

/**
 * The order thread (a worker thread; ./order-thread.ts starts it): it gathers a sort's parts and sorts the rows
 * (./order-sort.ts), so that the sort of a million cached rows, seconds of comparisons, never holds the thread that
 * renders pages (docs/exports.md, Jobs).
 */
import { parentPort } from "node:worker_threads";
import { runAsBackground } from "@/lib/runtime/thread-priority";
import type { DataCell } from "@/lib/tables/types";
import { type PassingRows, sortPassing } from "./order-sort";
import type { FromOrderThread, OrderPart, OrderSort, ToOrderThread } from "./order-thread-messages";

const port = parentPort;
if (port === null) throw new Error("order-thread-worker runs as a worker thread.");

/** Background work, as the CSV thread's (./csv-thread-worker.ts): on a busy machine the pages win the CPU. */
runAsBackground(10);

interface Gathered {
  parts: Uint32Array[];
  cells: DataCell[][];
}

/** Sorts being gathered, by ID: bounded by the exports running (export-jobs.ts). */
const sorts = new Map<number, Gathered>();

port.on("message", (m: ToOrderThread) => {
  if (m.kind === "drop") sorts.delete(m.id);
  else if (m.kind === "part") gather(m);
  else answer(sort(m));
});

function gather(m: OrderPart) {
  let sort = sorts.get(m.id);
  if (!sort) {
    sort = { parts: [], cells: m.cells.map(() => []) };
    sorts.set(m.id, sort);
  }
  sort.parts.push(m.indexes);
  m.cells.forEach((part, k) => {
    const all = sort.cells[k];
    for (const cell of part) all.push(cell);
  });
}

function sort(m: OrderSort): FromOrderThread {
  const gathered = sorts.get(m.id) ?? { parts: [], cells: m.keys.map(() => []) };
  sorts.delete(m.id);
  try {
    const rows: PassingRows = { indexes: joined(gathered.parts), cells: gathered.cells };
    return { id: m.id, order: sortPassing(rows, m.keys) };
  } catch (err) {
    const { name } = (err ?? {}) as { name?: unknown };
    return { id: m.id, failure: String(name ?? "unknown error") };
  }
}

function answer(a: FromOrderThread) {
  if ("order" in a) port?.postMessage(a, [a.order.buffer as ArrayBuffer]);
  else port?.postMessage(a);
}

function joined(parts: Uint32Array[]): Uint32Array {
  const out = new Uint32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

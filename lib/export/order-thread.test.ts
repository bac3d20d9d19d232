/**
 * The order thread, a real worker (through tsx): rows sent in several parts come back in the order the same sort
 * gives on this thread (the pages' comparison: numbers, natural text, blanks last, ties in the cached order); two
 * sorts at once are kept apart; a cancel ends the wait at once; a worker that stops fails its sort in words.
 */
import type { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import type { DataCell } from "@/lib/tables/types";
import { type PassingRows, type SortKey, sortPassing } from "./order-sort";
import { OrderThread, PART_ROWS } from "./order-thread";

const workerOf = (t: OrderThread) => (t as unknown as { thread: { worker?: Worker } }).thread.worker;

/** Rows past two parts, every third one filtered out, with ties, blanks and text beside numbers. */
function passing(n: number, seed: number): PassingRows {
  const indexes = Uint32Array.from({ length: n }, (_, i) => i * 3 + seed);
  const names: DataCell[] = Array.from({ length: n }, (_, i) => (i % 13 === 0 ? null : `S${(i * 7919) % 503}`));
  const values: DataCell[] = Array.from({ length: n }, (_, i) =>
    i % 17 === 0 ? "not recorded" : i % 19 === 0 ? "" : ((i * 104729) % 997) / 7,
  );
  return { indexes, cells: [names, values] };
}
const KEYS: SortKey[] = [
  { desc: false, number: false },
  { desc: true, number: true },
];

describe("the order thread", () => {
  it("sorts rows sent in parts as this thread's sort does, two sorts at once kept apart", async () => {
    const thread = new OrderThread(100);
    const a = passing(2 * PART_ROWS + 5, 0);
    const b = passing(PART_ROWS + 1, 1);
    const [sortedA, sortedB] = await Promise.all([
      thread.sort(a, KEYS, new AbortController().signal),
      thread.sort(b, [KEYS[1]], new AbortController().signal),
    ]);
    expect([...sortedA]).toEqual([...sortPassing(a, KEYS)]);
    expect([...sortedB]).toEqual([...sortPassing(b, [KEYS[1]])]);
    // Not the cached order: the sort did something.
    expect([...sortedA]).not.toEqual([...a.indexes]);
  });

  it("ends the wait of a cancelled sort at once", async () => {
    const thread = new OrderThread(100);
    const controller = new AbortController();
    const sorting = thread.sort(passing(PART_ROWS, 0), KEYS, controller.signal);
    controller.abort();
    await expect(sorting).rejects.toThrow();
  });

  it("fails the sort of a worker that stops, and sorts the next on a new one", async () => {
    const thread = new OrderThread(100);
    const rows = passing(PART_ROWS + 1, 0);
    const sorting = thread.sort(rows, KEYS, new AbortController().signal);
    const first = workerOf(thread)!;
    await first.terminate();
    await expect(sorting).rejects.toThrow(/The thread that sorts exports stopped/);
    const again = await thread.sort(rows, KEYS, new AbortController().signal);
    expect(again.length).toBe(rows.indexes.length);
    expect(workerOf(thread)).not.toBe(first);
  });
});

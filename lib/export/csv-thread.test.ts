/**
 * The CSV formatting thread, a real worker (through tsx): batches come back in order as the text csv-format.ts
 * writes; a worker that stops fails the batches it held with a clear error and the next batch starts a new one;
 * an idle worker stops.
 */
import type { Worker } from "node:worker_threads";
import { describe, expect, it, vi } from "vitest";
import type { DataCell } from "@/lib/tables/types";
import { CsvThread } from "./csv-thread";

/** The thread's worker, to stop it as a crash would and to see that it has gone. */
const workerOf = (csv: CsvThread) => (csv as unknown as { thread: { worker?: Worker } }).thread.worker;
/** In tests the worker compiles its modules through tsx first, which can take seconds beside other test files. */
const SLOW_MACHINE = { timeout: 20_000, interval: 20 };

describe("the CSV formatting thread", () => {
  it("answers every batch with its own lines, in the order sent, however many are in flight", async () => {
    const thread = new CsvThread();
    const batches: DataCell[][][] = Array.from({ length: 20 }, (_, b) => [
      [`S${b}`, b / 4, null],
      [`=${b}`, -b, 'say "hi"'],
    ]);
    const texts = await Promise.all(batches.map((rows) => thread.format(rows)));
    texts.forEach((text, b) => {
      // Worked out by RFC 4180 and the defusing rule (docs/exports.md), not by the formatter.
      expect(text).toBe(`"S${b}",${b / 4},\r\n"'=${b}",${-b},"say ""hi"""\r\n`);
    });
    expect(await thread.format([])).toBe("");
  });

  it("fails the batches a stopped worker held, saying so, and starts a new worker for the next", async () => {
    const thread = new CsvThread();
    await thread.format([["warm"]]);
    const first = workerOf(thread)!;
    const held = thread.format([["lost"]]);
    await first.terminate();
    await expect(held).rejects.toThrow(/The thread that formats CSV files stopped \(exit code 1\)/);
    expect(await thread.format([["next"]])).toBe('"next"\r\n');
    expect(workerOf(thread)).not.toBe(first);
  });

  it("fails a batch that cannot be sent at once, goes on with the next, and waits for no answer to it", async () => {
    const thread = new CsvThread(50);
    const unsendable = [[(() => "not a cell") as unknown as DataCell]];
    await expect(thread.format(unsendable)).rejects.toThrow(/could not be cloned/);
    expect(await thread.format([["next"]])).toBe('"next"\r\n');
    // Nothing is left waiting: the worker falls idle and stops.
    await vi.waitFor(() => expect(workerOf(thread)).toBeUndefined(), SLOW_MACHINE);
  });

  it("stops its worker when no batch has come for its idle time", async () => {
    const thread = new CsvThread(50);
    await thread.format([["once"]]);
    const worker = workerOf(thread)!;
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    await vi.waitFor(() => expect(workerOf(thread)).toBeUndefined(), SLOW_MACHINE);
    await exited;
    expect(await thread.format([["again"]])).toBe('"again"\r\n');
  });
});

/**
 * The CSV thread, a real worker (through tsx), writing real files: each file's batches land in the order sent, as
 * the text csv-format.ts writes, with the size and SHA-256 of exactly those bytes; a full disk fails the file with
 * its code; a worker that stops fails the batches it held and the rest of their file, with a clear error, and the
 * next file starts a new worker; an idle worker stops.
 */
import { createHash } from "node:crypto";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Worker } from "node:worker_threads";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DataCell } from "@/lib/tables/types";
import { CsvFile } from "./csv-file";
import { CsvThread } from "./csv-thread";

/** The thread's worker, to stop it as a crash would and to see that it has gone. */
const workerOf = (csv: CsvThread) => (csv as unknown as { thread: { worker?: Worker } }).thread.worker;
/** In tests the worker compiles its modules through tsx first, which can take seconds beside other test files. */
const SLOW_MACHINE = { timeout: 20_000, interval: 20 };

let dir: string;
const opened: number[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "csv-thread-"));
});
afterEach(() => {
  for (const fd of opened.splice(0)) closeSync(fd);
  rmSync(dir, { recursive: true, force: true });
});

/** A new file open for writing, as the export opens it, and its path. */
function newFile(name: string) {
  const path = join(dir, name);
  const fd = openSync(path, "wx", 0o600);
  opened.push(fd);
  return { path, fd };
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe("the CSV thread", () => {
  it("writes a file's batches in the order sent, however many are in flight, with its size and SHA-256", async () => {
    const thread = new CsvThread();
    const { path, fd } = newFile("a.csv");
    const file = new CsvFile(thread, fd, true);
    const batches: DataCell[][][] = Array.from({ length: 20 }, (_, b) => [
      [`S${b}`, b / 4, null],
      [`=${b}`, -b, 'say "hi"'],
    ]);
    const sizes = await Promise.all(batches.map((rows) => file.write(rows)));
    const written = await file.end();
    // Worked out by RFC 4180 and the defusing rule (docs/exports.md), not by the formatter; the mark only first.
    const lines = batches.map((_, b) => `"S${b}",${b / 4},\r\n"'=${b}",${-b},"say ""hi"""\r\n`);
    const expected = `\ufeff${lines.join("")}`;
    const bytes = readFileSync(path);
    expect(bytes.toString("utf8")).toBe(expected);
    expect(written).toEqual({ bytes: bytes.length, sha256: sha256(bytes) });
    expect(sizes.at(-1)).toBe(bytes.length);
    expect(sizes).toEqual([...sizes].sort((x, y) => x - y));
  });

  it("keeps two files written at once apart", async () => {
    const thread = new CsvThread();
    const a = newFile("a.csv");
    const b = newFile("b.csv");
    const fa = new CsvFile(thread, a.fd, false);
    const fb = new CsvFile(thread, b.fd, false);
    await Promise.all([fa.write([["a1"]]), fb.write([["b1"]]), fa.write([["a2"]]), fb.write([[2]])]);
    const [wa, wb] = await Promise.all([fa.end(), fb.end()]);
    expect(readFileSync(a.path, "utf8")).toBe('"a1"\r\n"a2"\r\n');
    expect(readFileSync(b.path, "utf8")).toBe('"b1"\r\n2\r\n');
    expect(wa.sha256).toBe(sha256(readFileSync(a.path)));
    expect(wb).toEqual({ bytes: 9, sha256: sha256(Buffer.from('"b1"\r\n2\r\n')) });
  });

  it("fails a file on a full disk with the file system's code, and every later batch and its end too", async () => {
    const thread = new CsvThread();
    // Linux's /dev/full answers every write with ENOSPC, as a full disk does.
    const fd = openSync("/dev/full", "w");
    opened.push(fd);
    const file = new CsvFile(thread, fd, false);
    await expect(file.write([["x"]])).rejects.toMatchObject({ code: "ENOSPC", message: /could not be written/ });
    await expect(file.write([["y"]])).rejects.toMatchObject({ code: "OUT_OF_ORDER" });
    await expect(file.end()).rejects.toThrow(/could not be written \(OUT_OF_ORDER\)/);
  });

  it("refuses a batch that does not follow the last one written", async () => {
    const thread = new CsvThread();
    const { path, fd } = newFile("gap.csv");
    // The second batch of a file the worker never saw: what a worker started anew after a crash would be sent.
    const answer = await thread.ask((id) => ({ kind: "batch", id, file: 999, fd, seq: 1, rows: [["late"]] }));
    expect(answer).toMatchObject({ failure: "OUT_OF_ORDER" });
    expect(readFileSync(path, "utf8")).toBe("");
  });

  it("fails the batches a stopped worker held and the rest of their file; the next file has a new worker", async () => {
    const thread = new CsvThread();
    const { fd } = newFile("lost.csv");
    const file = new CsvFile(thread, fd, false);
    await file.write([["warm"]]);
    const first = workerOf(thread)!;
    // A batch the worker is still formatting when it is stopped: with one row it could answer before the stop.
    const held = file.write(Array.from({ length: 200_000 }, (_, i) => ["lost", i, "a longer text cell", i / 3, "z"]));
    await first.terminate();
    await expect(held).rejects.toThrow(/The thread that writes CSV files stopped \(exit code 1\)/);
    await expect(file.write([["after"]])).rejects.toThrow(/stopped while it wrote this file/);
    await expect(file.end()).rejects.toThrow(/stopped while it wrote this file/);
    const next = newFile("next.csv");
    const again = new CsvFile(thread, next.fd, false);
    await again.write([["next"]]);
    await again.end();
    expect(readFileSync(next.path, "utf8")).toBe('"next"\r\n');
    expect(workerOf(thread)).not.toBe(first);
  });

  it("fails a batch that cannot be sent at once, and waits for no answer to it", async () => {
    const thread = new CsvThread(50);
    const { fd } = newFile("bad.csv");
    const unsendable = [[(() => "not a cell") as unknown as DataCell]];
    const file = new CsvFile(thread, fd, false);
    await expect(file.write(unsendable)).rejects.toThrow(/could not be cloned/);
    // The writer gives the file up (write-csv.ts); nothing is left waiting: the worker falls idle and stops.
    file.drop();
    await vi.waitFor(() => expect(workerOf(thread)).toBeUndefined(), SLOW_MACHINE);
  });

  it("keeps its worker while a file is open, however long the pause between two batches", async () => {
    const thread = new CsvThread(50);
    const { path, fd } = newFile("slow.csv");
    const file = new CsvFile(thread, fd, false);
    await file.write([["first"]]);
    const worker = workerOf(thread)!;
    // Four idle times without a batch, as a rate-limited export pauses (EXPORT_MAX_ROWS_PER_SECOND).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(workerOf(thread)).toBe(worker);
    await file.write([["second"]]);
    expect(await file.end()).toMatchObject({ bytes: 19 });
    expect(readFileSync(path, "utf8")).toBe('"first"\r\n"second"\r\n');
    // The file ended, the worker is idle and stops.
    await vi.waitFor(() => expect(workerOf(thread)).toBeUndefined(), SLOW_MACHINE);
  });

  it("stops its worker when no batch has come for its idle time, and starts one for the next", async () => {
    const thread = new CsvThread(50);
    const once = new CsvFile(thread, newFile("once.csv").fd, false);
    await once.write([["once"]]);
    await once.end();
    const worker = workerOf(thread)!;
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    await vi.waitFor(() => expect(workerOf(thread)).toBeUndefined(), SLOW_MACHINE);
    await exited;
    const next = newFile("again.csv");
    const again = new CsvFile(thread, next.fd, false);
    await again.write([["again"]]);
    expect(await again.end()).toMatchObject({ bytes: 9 });
  });
});

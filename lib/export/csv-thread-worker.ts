/**
 * The CSV thread (a worker thread; ./csv-thread.ts starts it): it formats each batch of an export's rows, writes it
 * to the export's file and keeps the file's size and SHA-256, in the order the batches were sent. csv-stringify's
 * formatting was most of a CSV export's time on the thread that renders pages, and writing and hashing the text
 * most of what was left (docs/performance.md, Exports).
 */
import { createHash, type Hash } from "node:crypto";
import { writeSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import { runAsBackground } from "@/lib/runtime/thread-priority";
import { formatCsv } from "./csv-format";
import type { CsvBatch, FromCsvThread, ToCsvThread } from "./csv-thread-messages";

const port = parentPort;
if (port === null) throw new Error("csv-thread-worker runs as a worker thread.");

/**
 * An export is background work (nice 10, and SCHED_IDLE where the system allows it): on a busy machine the thread
 * that renders pages wins the CPU and the export takes longer, as a study load does (docs/performance.md, Exports).
 */
const EXPORT_NICE = 10;
runAsBackground(EXPORT_NICE);

interface FileState {
  hash: Hash;
  bytes: number;
  /** The number of the batch expected next. */
  next: number;
  /** A batch failed: the file is incomplete, and every later batch fails too. */
  failed: boolean;
}

/** The files being written, by the rendering thread's number: bounded by the exports running (export-jobs.ts). */
const files = new Map<number, FileState>();

port.on("message", (m: ToCsvThread) => {
  if (m.kind === "drop") files.delete(m.file);
  else if (m.kind === "end") port.postMessage(end(m.id, m.file));
  else port.postMessage(batch(m));
});

function batch(m: CsvBatch): FromCsvThread {
  const file = m.seq === 0 ? fresh(m.file) : files.get(m.file);
  // A batch that does not follow the last one written (a worker started anew after a crash) would leave a gap.
  if (file === undefined || file.failed || m.seq !== file.next) {
    if (file) file.failed = true;
    return { id: m.id, failure: "OUT_OF_ORDER" };
  }
  try {
    const text = Buffer.from((m.bom ? "\ufeff" : "") + formatCsv(m.rows, m.decimals));
    writeAll(m.fd, text);
    file.hash.update(text);
    file.bytes += text.length;
    file.next++;
    return { id: m.id, bytes: file.bytes };
  } catch (err) {
    file.failed = true;
    // A file system error's code (ENOSPC) or csv-stringify's; their messages may quote a path or a value.
    const { code, name } = (err ?? {}) as { code?: unknown; name?: unknown };
    return { id: m.id, failure: String(code ?? name ?? "unknown error") };
  }
}

function fresh(id: number): FileState {
  const file = { hash: createHash("sha256"), bytes: 0, next: 0, failed: false };
  files.set(id, file);
  return file;
}

function end(id: number, fileId: number): FromCsvThread {
  const file = files.get(fileId);
  files.delete(fileId);
  if (file === undefined || file.failed) return { id, failure: "OUT_OF_ORDER" };
  return { id, bytes: file.bytes, sha256: file.hash.digest("hex") };
}

/** A write may take only part of the buffer (a signal, a nearly full disk): the rest follows, or its error. */
function writeAll(fd: number, buffer: Buffer) {
  for (let at = 0; at < buffer.length; ) at += writeSync(fd, buffer, at);
}

/**
 * The CSV formatting thread (a worker thread; ./csv-thread.ts starts it): each batch of rows it is sent comes back
 * as CSV text, in the order sent. csv-stringify's formatting was most of a CSV export's time on the thread that
 * renders pages (docs/architecture.md, "CSV is formatted on a thread of its own"); here it runs beside them.
 */
import { parentPort } from "node:worker_threads";
import { runAsBackground } from "@/lib/thread-priority";
import { formatCsv } from "./csv-format";
import type { FromCsvThread, ToCsvThread } from "./csv-thread-messages";

const port = parentPort;
if (port === null) throw new Error("csv-thread-worker runs as a worker thread.");

/**
 * An export is background work (nice 10, and SCHED_IDLE where the system allows it): on a busy machine the thread
 * that renders pages wins the CPU and the export takes longer, as a study load does (docs/architecture.md, "CSV is
 * formatted on a thread of its own").
 */
const EXPORT_NICE = 10;
runAsBackground(EXPORT_NICE);

port.on("message", ({ id, rows }: ToCsvThread) => {
  let answer: FromCsvThread;
  try {
    answer = { id, text: formatCsv(rows) };
  } catch (err) {
    // csv-stringify's messages may quote the value it refused: only the error's code or class goes back.
    const { code, name } = (err ?? {}) as { code?: unknown; name?: unknown };
    answer = { id, failure: String(code ?? name ?? "unknown error") };
  }
  port.postMessage(answer);
});

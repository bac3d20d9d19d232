/**
 * Starting the study loading thread (./load-thread.ts): in the app's build a chunk the bundler made of
 * ./load-thread-worker.ts (Turbopack bundles `new Worker(new URL(..., import.meta.url))`); in Vitest and tsx scripts,
 * where this module is TypeScript, that file run through tsx (lib/runtime/tsx-worker.ts).
 */
import { Worker } from "node:worker_threads";
import { inAppBuild, tsxWorker } from "@/lib/runtime/tsx-worker";
import { withInitialOldSpace } from "@/lib/runtime/worker-heap-flags";

/**
 * The loading thread's old generation before its first full collection (lib/runtime/worker-heap-flags.ts): about 200
 * full
 * collections a load of the 1,000-subject study became about 20. The thread's memory grows by up to this much while
 * it loads; it collects once when its loads end (./load-thread-worker.ts).
 */
const INITIAL_OLD_MB = 128;

export function startLoadWorker(): Worker {
  return withInitialOldSpace(INITIAL_OLD_MB, () =>
    inAppBuild()
      ? new Worker(new URL("./load-thread-worker.ts", import.meta.url))
      : tsxWorker(import.meta.url.replace(/load-thread-start\.ts$/, "load-thread-worker.ts")),
  );
}

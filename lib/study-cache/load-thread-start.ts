/**
 * Starting the study loading thread (./load-thread.ts): in the app's build a chunk the bundler made of
 * ./load-thread-worker.ts (Turbopack bundles `new Worker(new URL(..., import.meta.url))`); in Vitest and tsx scripts,
 * where this module is TypeScript, that file run through tsx (lib/tsx-worker.ts).
 */
import { Worker } from "node:worker_threads";
import { inAppBuild, tsxWorker } from "@/lib/tsx-worker";

export function startLoadWorker(): Worker {
  if (inAppBuild()) return new Worker(new URL("./load-thread-worker.ts", import.meta.url));
  return tsxWorker(import.meta.url.replace(/load-thread-start\.ts$/, "load-thread-worker.ts"));
}

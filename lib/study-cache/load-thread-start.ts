/**
 * Starting the study loading thread (./load-thread.ts): in the app's build a chunk the bundler made of
 * ./load-thread-worker.ts (Turbopack bundles `new Worker(new URL(..., import.meta.url))`); in Vitest and tsx scripts,
 * where this module is TypeScript, that file run through tsx, whose loader is registered in the worker first
 * (`--import tsx` does not reach a worker's entry).
 */
import { Worker } from "node:worker_threads";

export function startLoadWorker(): Worker {
  if (!import.meta.url.endsWith(".ts")) return new Worker(new URL("./load-thread-worker.ts", import.meta.url));
  const entry = import.meta.url.replace(/load-thread-start\.ts$/, "load-thread-worker.ts");
  const boot = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true });
}

/**
 * Worker threads whose entry is a TypeScript file. In the app's build the caller starts its worker itself, as
 * `new Worker(new URL("./x.ts", import.meta.url))`, the form Turbopack bundles into a worker chunk; everywhere else
 * (Vitest, tsx scripts) the entry is the TypeScript source, run through tsx, whose loader is registered in the
 * worker first, since `--import tsx` does not reach a worker's entry. No imports but Node's: any layer may use it.
 */
import { Worker, type WorkerOptions } from "node:worker_threads";

/**
 * Whether this code runs from the app's build: Next.js defines NEXT_RUNTIME in the bundles it makes. A module's
 * `import.meta.url` cannot tell: Turbopack keeps the source file's address there, `.ts` and all.
 */
export const inAppBuild = () => process.env.NEXT_RUNTIME === "nodejs";

/** A worker running the TypeScript module at `entryUrl` (a file: URL) through tsx, with the caller's options. */
export function tsxWorker(entryUrl: string, options: WorkerOptions = {}): Worker {
  // tsx is a development tool: the build must run its own bundled worker, not the sources.
  if (inAppBuild()) throw new Error(`The app's build started a worker from its source (${entryUrl}).`);
  const boot = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(entryUrl)}); });`;
  return new Worker(boot, { ...options, eval: true });
}

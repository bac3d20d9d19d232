/**
 * Starting a worker with V8 heap flags of its own. V8 reads its heap flags once per isolate, when it sets up the
 * isolate's heap, on the worker's thread before the worker runs any script; its command-line flags also win over a
 * worker's `resourceLimits` (nodejs/node#43991). So a flag is set while the worker starts and set back once it is
 * online (or has failed). The rendering thread's heap, set up long before, keeps its size; a worker started by other
 * code meanwhile gets the same flags. No imports but Node's.
 *
 * - withOwnYoungGeneration: the server runs with `--max-semi-space-size=64` (server/start.sh, for the pages' sake),
 *   and every worker would get up to 3 x 64 MB of young generation, whatever its resourceLimits ask for: the CSV
 *   formatting thread grew by about 150 MB so.
 * - withInitialOldSpace: V8 starts an isolate's old generation small and sets its next limit at about twice what
 *   survived the last full collection. The loading thread keeps about 16 MB alive while each page it parses is a
 *   string of over a megabyte, allocated outside the young generation: it made about 200 full collections a load
 *   (`--trace-gc`), whose marking and sweeping run on the process's shared helper threads at normal priority, beside
 *   the rendering thread. Given an initial old generation, V8 skips full collections below it.
 */
import { setFlagsFromString } from "node:v8";
import type { Worker } from "node:worker_threads";

/** The last value of a size flag (`--name=N` or `--name N`, dashes or underscores) in the process's arguments. */
export function processSizeFlag(
  name: string,
  execArgv = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? "",
): number | undefined {
  const words = name.replace(/^--/, "").split(/[-_]/).join("[-_]");
  const found = [...`${execArgv.join(" ")} ${nodeOptions}`.matchAll(new RegExp(`--${words}[= ](\\d+)`, "g"))];
  return found.length === 0 ? undefined : Number(found[found.length - 1][1]);
}

/** The process's `--max-semi-space-size` in MB (the last one given, in its arguments or NODE_OPTIONS), or undefined. */
export function semiSpaceFlag(
  execArgv = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? "",
): number | undefined {
  return processSizeFlag("max-semi-space-size", execArgv, nodeOptions);
}

/** The worker `start` makes, with `during` set while its heap is set up and `after` set once it is online. */
export function withHeapFlag(during: string, after: string, start: () => Worker): Worker {
  setFlagsFromString(during);
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    setFlagsFromString(after);
  };
  try {
    const worker = start();
    for (const event of ["online", "error", "exit"]) worker.once(event, restore);
    return worker;
  } catch (err) {
    restore();
    throw err;
  }
}

/** The worker `start` makes, its young generation as its resourceLimits say even under the process's flag. */
export function withOwnYoungGeneration(start: () => Worker): Worker {
  const size = semiSpaceFlag();
  if (size === undefined) return start();
  return withHeapFlag("--max-semi-space-size=0", `--max-semi-space-size=${size}`, start);
}

/** The worker `start` makes, with no full collection before its old generation holds `mb` MB. */
export function withInitialOldSpace(mb: number, start: () => Worker): Worker {
  const size = processSizeFlag("initial-old-space-size") ?? 0;
  return withHeapFlag(`--initial-old-space-size=${mb}`, `--initial-old-space-size=${size}`, start);
}

/**
 * Starting a worker whose own young generation limit (`resourceLimits.maxYoungGenerationSizeMb`) holds. V8 lets
 * its command-line heap flags win over an isolate's own limits (nodejs/node#43991), and the server runs with
 * `--max-semi-space-size=64` (scripts/start.sh, for the pages' sake): every worker then gets up to 3 x 64 MB of young
 * generation, whatever it asks for. The CSV formatting thread grew by about 150 MB so. V8 reads the flag once, when
 * it sets up an isolate's heap, on the worker's thread before the worker runs any script: so the flag is cleared
 * while the worker starts and set back once it is online (or has failed). The rendering thread's heap, set up long
 * before, keeps its size; a worker started by other code meanwhile gets V8's default. No imports but Node's.
 */
import { setFlagsFromString } from "node:v8";
import type { Worker } from "node:worker_threads";

const FLAG = /--max[-_]semi[-_]space[-_]size[= ](\d+)/g;

/** The process's `--max-semi-space-size` in MB (the last one given, in its arguments or NODE_OPTIONS), or undefined. */
export function semiSpaceFlag(
  execArgv = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? "",
): number | undefined {
  const found = [...`${execArgv.join(" ")} ${nodeOptions}`.matchAll(FLAG)];
  return found.length === 0 ? undefined : Number(found[found.length - 1][1]);
}

/** The worker `start` makes, its young generation as its resourceLimits say even under the process's flag. */
export function withOwnYoungGeneration(start: () => Worker): Worker {
  const size = semiSpaceFlag();
  if (size === undefined) return start();
  setFlagsFromString("--max-semi-space-size=0");
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    setFlagsFromString(`--max-semi-space-size=${size}`);
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

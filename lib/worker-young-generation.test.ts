/**
 * A worker's own young generation under the server's `--max-semi-space-size`: measured in a Node process started
 * with the flag, as scripts/start.sh starts the server, by how far each worker's new space grows while it makes
 * garbage that survives a little.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { semiSpaceFlag } from "./worker-young-generation";

/** A worker's script: garbage with survivors, then the new space's size in MB, as the worker's message. */
const GROW = `
const { parentPort } = require("node:worker_threads");
const { getHeapSpaceStatistics } = require("node:v8");
let keep = [];
for (let i = 0; i < 4e6; i++) { keep.push({ i, s: "x" + i }); if (keep.length > 40000) keep = []; }
const space = getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
parentPort.postMessage(Math.round(space.space_size / 2 ** 20));
`;

/** Runs in the child: a worker started with its own limit of 8 MB, then one started plainly after it. */
const PROBE = `
import { Worker } from "node:worker_threads";
import { withOwnYoungGeneration } from ${JSON.stringify(new URL("./worker-young-generation.ts", import.meta.url).href)};
const grown = (worker) =>
  new Promise((resolve) => worker.once("message", (mb) => { void worker.terminate(); resolve(mb); }));
const own = await grown(withOwnYoungGeneration(() =>
  new Worker(${JSON.stringify(GROW)}, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 8 } })));
const plain = await grown(new Worker(${JSON.stringify(GROW)}, { eval: true }));
console.log(JSON.stringify({ own, plain }));
`;

describe("withOwnYoungGeneration", () => {
  it("keeps a worker's young generation to its limit under --max-semi-space-size=64, and sets the flag back", () => {
    const dir = mkdtempSync(join(tmpdir(), "young-generation-"));
    const probe = join(dir, "probe.mjs");
    writeFileSync(probe, PROBE);
    let out: string;
    try {
      out = execFileSync(process.execPath, ["--max-semi-space-size=64", "--import", "tsx", probe], {
        encoding: "utf8",
        timeout: 60_000,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const { own, plain } = JSON.parse(out.trim().split("\n").at(-1)!);
    // 8 MB of young generation is a new space of at most 8 MB; under the flag a worker's grows past 16 MB.
    expect(own).toBeLessThanOrEqual(8);
    expect(plain).toBeGreaterThan(16);
  });

  it("reads the flag from the process's arguments or NODE_OPTIONS, the last one given", () => {
    expect(semiSpaceFlag(["--max-semi-space-size=64", "--expose-gc"], "")).toBe(64);
    expect(semiSpaceFlag(["--max_semi_space_size=32"], "--max-semi-space-size=16")).toBe(16);
    expect(semiSpaceFlag(["--expose-gc"], "--max-old-space-size=2048")).toBeUndefined();
  });
});

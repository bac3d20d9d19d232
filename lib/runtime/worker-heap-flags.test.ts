/**
 * A worker's own heap flags under the server's (`--max-semi-space-size=64 --heap-growing-percent=100`): measured in
 * a Node process started with them, as server/start.sh starts the server. The young generation by how far each
 * worker's new space grows while it makes garbage that survives a little; the initial old generation by how many
 * full collections a worker makes while it parses pages as the loading thread does.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { processSizeFlag, semiSpaceFlag } from "./worker-heap-flags";

const HELPERS = JSON.stringify(new URL("./worker-heap-flags.ts", import.meta.url).href);

/** A worker's script: garbage with survivors, then the new space's size in MB, as the worker's message. */
const GROW = `
const { parentPort } = require("node:worker_threads");
const { getHeapSpaceStatistics } = require("node:v8");
let keep = [];
for (let i = 0; i < 4e6; i++) { keep.push({ i, s: "x" + i }); if (keep.length > 40000) keep = []; }
const space = getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
parentPort.postMessage(Math.round(space.space_size / 2 ** 20));
`;

/**
 * A worker's script: 400 pages of 1,000 entries as the loading thread gets them (a body of bytes, decoded, parsed,
 * mapped to rows; 16 pages in flight), then the number of full collections it made, as the worker's message.
 */
const PAGES = `
const { parentPort } = require("node:worker_threads");
const { PerformanceObserver, constants } = require("node:perf_hooks");
let full = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (e.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) full++;
}).observe({ entryTypes: ["gc"] });
const entry = (i) => ({ resource: { id: "obs-" + i, value: { value: i / 7, unit: "g/dL" }, note: "z".repeat(900) } });
const bytes = new TextEncoder().encode(JSON.stringify({ entry: Array.from({ length: 1000 }, (_, i) => entry(i)) }));
const decoder = new TextDecoder();
let inFlight = [];
for (let p = 0; p < 400; p++) {
  const page = JSON.parse(decoder.decode(new Uint8Array(bytes)));
  inFlight.push(page.entry.map((e) => ({ id: e.resource.id, value: e.resource.value.value })));
  if (inFlight.length > 16) inFlight.shift();
}
setTimeout(() => parentPort.postMessage(full), 200);
`;

/** Runs in the child: each script in a worker started with the helper, then in one started plainly after it. */
const PROBE = `
import { Worker } from "node:worker_threads";
import { withInitialOldSpace, withOwnYoungGeneration } from ${HELPERS};
const answer = (worker) =>
  new Promise((resolve) => worker.once("message", (n) => { void worker.terminate(); resolve(n); }));
const young = {
  own: await answer(withOwnYoungGeneration(() =>
    new Worker(${JSON.stringify(GROW)}, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 8 } }))),
  plain: await answer(new Worker(${JSON.stringify(GROW)}, { eval: true })),
};
const full = {
  own: await answer(withInitialOldSpace(128, () => new Worker(${JSON.stringify(PAGES)}, { eval: true }))),
  plain: await answer(new Worker(${JSON.stringify(PAGES)}, { eval: true })),
};
console.log(JSON.stringify({ young, full }));
`;

/** The probe's answer, in a process started with the server's heap flags. */
function probe(): { young: { own: number; plain: number }; full: { own: number; plain: number } } {
  const dir = mkdtempSync(join(tmpdir(), "worker-heap-"));
  const file = join(dir, "probe.mjs");
  writeFileSync(file, PROBE);
  try {
    const flags = ["--max-semi-space-size=64", "--heap-growing-percent=100"];
    const out = execFileSync(process.execPath, [...flags, "--import", "tsx", file], {
      encoding: "utf8",
      timeout: 90_000,
    });
    return JSON.parse(out.trim().split("\n").at(-1)!);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("a worker's own heap flags", () => {
  let measured: ReturnType<typeof probe>;
  beforeAll(() => {
    measured = probe();
  }, 120_000);

  it("keeps a worker's young generation to its limit under --max-semi-space-size=64, and sets the flag back", () => {
    // 8 MB of young generation is a new space of at most 8 MB; under the flag a worker's grows past 16 MB.
    expect(measured.young.own).toBeLessThanOrEqual(8);
    expect(measured.young.plain).toBeGreaterThan(16);
  });

  it("spares a worker given an initial old generation the full collections of one without, and sets it back", () => {
    // 400 MB of pages through about 30 MB kept: without the flag, V8 collected in full 3 or 4 times (measured on
    // the development machine); with 128 MB of initial old generation, never.
    expect(measured.full.plain).toBeGreaterThanOrEqual(2);
    expect(measured.full.own).toBe(0);
  });

  it("reads a flag from the process's arguments or NODE_OPTIONS, the last one given", () => {
    expect(semiSpaceFlag(["--max-semi-space-size=64", "--expose-gc"], "")).toBe(64);
    expect(semiSpaceFlag(["--max_semi_space_size=32"], "--max-semi-space-size=16")).toBe(16);
    expect(semiSpaceFlag(["--expose-gc"], "--max-old-space-size=2048")).toBeUndefined();
    expect(processSizeFlag("initial-old-space-size", ["--initial_old_space_size", "256"], "")).toBe(256);
    expect(processSizeFlag("initial-old-space-size", ["--max-old-space-size=256"], "")).toBeUndefined();
  });
});

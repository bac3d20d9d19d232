import { describe, expect, it } from "vitest";
import { markFinder } from "./load-driver";
import { pickView } from "./load-mix";
import { type PhaseResult, verdict } from "./load-report";
import { PhaseSamples } from "./load-samples";
import { pageUrl } from "./portal-session";

describe("pickView", () => {
  // Weights 1 and 3: a quarter of the draws fall on the first view.
  const mix = [
    { name: "a", weight: 1, path: () => "/a" },
    { name: "b", weight: 3, path: () => "/b" },
  ];
  it.each([
    [0, 0],
    [0.24, 0],
    [0.25, 1],
    [0.999, 1],
  ])("draw %f picks view %i", (random, view) => {
    expect(pickView(mix, random)).toBe(view);
  });
});

describe("PhaseSamples", () => {
  it("counts every request but keeps at most its capacity of latencies, each one that was added", () => {
    const samples = new PhaseSamples(["a", "b"], 3);
    for (const ms of [10, 20, 30, 40, 50]) samples.add(0, "html", ms);
    samples.add(1, "rsc", 60);
    expect(samples.requests).toBe(6);
    expect(samples.byKind).toEqual({ html: 5, rsc: 1 });
    const kept = samples.sorted();
    expect(kept).toHaveLength(3);
    for (const ms of kept) expect([10, 20, 30, 40, 50, 60]).toContain(ms);
  });

  it("keeps every latency below its capacity, per view and sorted", () => {
    const samples = new PhaseSamples(["a", "b"], 10);
    samples.add(0, "html", 30);
    samples.add(1, "rsc", 5);
    samples.add(0, "rsc", 10);
    expect(samples.sorted()).toEqual([5, 10, 30]);
    expect(samples.sorted(0)).toEqual([10, 30]);
    expect(samples.slowestViews(1)).toEqual([{ name: "a", kept: 2, p95: 30 }]);
  });

  it("counts errors by status and view, with the first path of each", () => {
    const samples = new PhaseSamples(["a", "b"], 10);
    samples.addError(1, "500", "/b?1");
    samples.addError(0, "307", "/a");
    samples.addError(1, "500", "/b?2");
    expect(samples.errorTotal).toBe(3);
    expect(samples.errorCounts()).toEqual([
      { status: "500", view: "b", count: 2, example: "/b?1" },
      { status: "307", view: "a", count: 1, example: "/a" },
    ]);
  });
});

describe("markFinder", () => {
  it.each([
    [["xx study-error-title yy"], true],
    [["xx study-err", "or-title yy"], true],
    [["s", "tudy-error-titl", "e"], true],
    [["study-error-titl", "x", "e"], false],
    [["nothing here"], false],
  ])("finds the mark in %j: %s", (chunks, found) => {
    const finder = markFinder("study-error-title");
    for (const c of chunks) finder.push(c);
    expect(finder.found()).toBe(found);
  });
});

describe("pageUrl", () => {
  it("gives an RSC request the empty _rsc parameter Next.js expects without router headers", () => {
    expect(pageUrl("http://127.0.0.1:1", "/s/x?page=2", "rsc").href).toBe("http://127.0.0.1:1/s/x?page=2&_rsc=");
    expect(pageUrl("http://127.0.0.1:1", "/s/x?page=2", "html").href).toBe("http://127.0.0.1:1/s/x?page=2");
  });
});

describe("verdict", () => {
  /** A phase of `count` requests of `ms` each, with RSS `after` against a limit of 800 MiB. */
  const phase = (ms: number, count: number, after: number, errors = 0, overlapMs?: number): PhaseResult => {
    const samples = new PhaseSamples(["a"], 100);
    for (let i = 0; i < count; i++) samples.add(0, "html", ms);
    for (let i = 0; i < errors; i++) samples.addError(0, "500", "/a");
    const overlap = overlapMs === undefined ? undefined : new PhaseSamples(["a"], 10);
    overlap?.add(0, "rsc", overlapMs!);
    return {
      name: "p",
      users: 1,
      seconds: 1,
      samples,
      rss: { before: 700, peak: 900, after, steps: [after] },
      beside: [],
      besideErrors: [],
      rssLimit: 800,
      rssLimitReason: "test",
      overlap: overlap && { samples: overlap, seconds: 1 },
    };
  };
  it.each([
    ["all goals met", phase(299, 20, 800), true],
    ["p95 at 300 ms", phase(300, 20, 800), false],
    ["one error", phase(100, 20, 800, 1), false],
    ["RSS 1 MiB over its limit", phase(100, 20, 801), false],
    ["no request at all", phase(100, 0, 700), false],
    ["slow while the cold load ran", phase(100, 20, 800, 0, 400), false],
    ["quick while the cold load ran", phase(100, 20, 800, 0, 200), true],
    ["the first run, whose RSS has no limit", { ...phase(100, 20, 5000), rssLimit: Number.POSITIVE_INFINITY }, true],
  ])("%s", (_name, result, pass) => {
    expect(verdict(result).pass).toBe(pass);
  });

  it("says a first run's RSS has no limit rather than printing an infinite one", () => {
    const reasons = verdict({ ...phase(100, 20, 900), rssLimit: Number.POSITIVE_INFINITY }).reasons;
    expect(reasons).toContain("ok: RSS after settling 900 MiB (no limit)");
  });
});

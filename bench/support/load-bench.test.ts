import { describe, expect, it } from "vitest";
import { markFinder } from "./load-driver";
import { isAction, LOAD_MIX, type MixEntry, pickView, studyTarget } from "./load-mix";
import { type PhaseResult, phaseLines, verdict } from "./load-report";
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
    expect(samples.byKind).toEqual({ html: 5, rsc: 1, post: 0 });
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

describe("PhaseSamples' POSTs", () => {
  it("reports POSTs apart from the pages, with the 429s as limited rather than errors", () => {
    const samples = new PhaseSamples(["page", "mark"], 10);
    samples.add(0, "html", 50);
    samples.add(1, "post", 20);
    samples.add(1, "post", 5);
    samples.addLimited(1);
    expect(samples.byKind).toEqual({ html: 1, rsc: 0, post: 2 });
    expect(samples.slowestViews(5).map((v) => v.name)).toEqual(["page"]);
    expect(samples.posts()).toEqual([{ name: "mark", kept: 2, p50: 5, p95: 20, limited: 1 }]);
    expect(samples.limitedTotal).toBe(1);
    expect(samples.errorTotal).toBe(0);
  });
});

describe("the load mix", () => {
  it("sends about one request in eight as a review action", () => {
    const weight = (entries: readonly MixEntry[]) => entries.reduce((sum, e) => sum + e.weight, 0);
    const share = weight(LOAD_MIX.filter(isAction)) / weight(LOAD_MIX);
    expect(share).toBeGreaterThan(0.1);
    expect(share).toBeLessThan(0.15);
  });

  it("names the user's connection and study, and unmarks the adverse event it marked last", () => {
    const context = {
      study: "/studies/c%201/ONC-101",
      subject: () => "S1",
      ...studyTarget("/studies/c%201/ONC-101"),
      records: { adverseEvents: ["AE-1"], labResults: ["LB-1"] },
      marked: [],
    };
    const act = (name: string) => {
      const entry = LOAD_MIX.find((e) => e.name === name);
      if (!entry || !isAction(entry)) throw new Error(`no action ${name}`);
      return entry.post(context);
    };
    expect(act("Mark an adverse event reviewed")).toEqual({
      path: "/review",
      body: { connectionId: "c 1", study: "ONC-101", act: "mark", recordType: "AdverseEvent", keys: ["AE-1"] },
    });
    expect(context.marked).toEqual(["AE-1"]);
    expect(act("Unmark an adverse event").body).toMatchObject({ act: "unmark", keys: ["AE-1"] });
    expect(context.marked).toEqual([]);
    expect(act("Mark a laboratory result reviewed").body).toMatchObject({ recordType: "laboratory", keys: ["LB-1"] });
    expect(act("Comment on an adverse event")).toMatchObject({
      path: "/review/comments",
      body: { recordType: "AdverseEvent", key: "AE-1", act: "comment" },
    });
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

  it("counts a phase's errors by status before listing them by status and view", () => {
    const r = phase(100, 20, 800, 2);
    r.samples.addError(0, "409", "POST /review mark AdverseEvent AE-1: Nothing was marked");
    const lines = phaseLines(r);
    expect(lines).toContain("Errors: 3 (2 x 500, 1 x 409):");
    expect(lines).toContain("- 1 x 409 on a (e.g. POST /review mark AdverseEvent AE-1: Nothing was marked)");
  });

  it("says a first run's RSS has no limit rather than printing an infinite one", () => {
    const reasons = verdict({ ...phase(100, 20, 900), rssLimit: Number.POSITIVE_INFINITY }).reasons;
    expect(reasons).toContain("ok: RSS after settling 900 MiB (no limit)");
  });
});

/**
 * The liver safety loader through the cache against the in-process partner service.
 * The expected points are computed here from the service's database with SQL
 * and code written for the test, independently of lib/clinical/liver/*.ts: the
 * study drug's records are the medications whose drug names the study's agent
 * (the adverse events' suspect product); a result is on treatment from the day
 * after the first dose's (that day's result is the baseline) to the last dose
 * plus the window (no end while a record is open); a peak is value / the upper bound of its own range text; a
 * transaminase at its threshold is high (>=), a bilirubin must be above it (>).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RetryPolicy } from "@/lib/partner-client/retry";
import { cachedStudy } from "@/lib/study/study-rows";
import { StudyCache } from "@/lib/study-cache/study-cache";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { LIVER_DEFAULTS, type LiverSettings } from "./liver-query";
import { loadLiver } from "./load-liver";

let t: TestService;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 30, visits: 8 } });
});
afterAll(() => t.db.close());

const fast: RetryPolicy = { attempts: 2, baseDelayMs: 1, maxDelayMs: 2, timeoutMs: 5_000, maxRetryAfterMs: 1_000 };

function newCache() {
  const urls: string[] = [];
  const fetchLogged = ((input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(String(input));
    return t.fetch(input, init);
  }) as typeof fetch;
  const cache = new StudyCache({ ttlMs: 60_000, maxBytes: 64 << 20, client: { fetch: fetchLogged, retry: fast } });
  return { cache, urls };
}

type Lab = { subject_id: string; test_code: string; value: number; reference_range: string; collected_at: string };
type Result = { times: number; ratio: number; date: string; at: string };

/**
 * The upper bound of the demo ranges (`<=40`, `<35`, `0.1 - 1.2`, `40-129`): the number after the last `<`, `=` or
 * `-`.
 */
const upper = (range: string) => Number(range.split(/<=|<|-/).pop());
const round = (n: number) => Math.round(n * 1000) / 1000;
const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** First and last dose per subject from the study drug's medication records. */
function doses(study: string) {
  const meds = t.db
    .prepare(
      `SELECT m.subject_id, substr(m.start_at, 1, 10) AS start, substr(m.end_at, 1, 10) AS end FROM medications m
       JOIN studies s ON s.study_number = m.study_number
       WHERE m.study_number = ? AND instr(lower(m.drug), lower(s.agent)) > 0`,
    )
    .all(study) as { subject_id: string; start: string; end: string | null }[];
  const out = new Map<string, { first: string; last: string; ongoing: boolean }>();
  for (const m of meds) {
    const last = m.end !== null && m.end > m.start ? m.end : m.start;
    const d = out.get(m.subject_id) ?? { first: m.start, last, ongoing: false };
    out.set(m.subject_id, {
      // Dates as text (`YYYY-MM-DD`) order as their days do.
      first: [m.start, d.first].sort()[0],
      last: [last, d.last].sort()[1],
      ongoing: d.ongoing || m.end === null,
    });
  }
  return out;
}

function expected(study: string, p: LiverSettings) {
  const labs = t.db
    .prepare(
      `SELECT subject_id, test_code, value, reference_range, collected_at FROM lab_results
       WHERE study_number = ? AND test_code IN ('ALT', 'AST', 'BILI', 'ALP') ORDER BY seq`,
    )
    .all(study) as Lab[];
  const dosing = doses(study);
  const peaks = new Map<string, Map<string, Result>>();
  const baselines = new Map<string, Map<string, Result>>();
  const alp: (Result & { subject: string })[] = [];
  for (const r of labs) {
    const ratio = r.value / upper(r.reference_range);
    const result = { times: round(ratio), ratio, date: r.collected_at.slice(0, 10), at: r.collected_at };
    if (r.test_code === "ALP") {
      alp.push({ ...result, subject: r.subject_id });
      continue;
    }
    const d = dosing.get(r.subject_id);
    if (d && result.date <= d.first) {
      const base = baselines.get(r.subject_id) ?? new Map();
      baselines.set(r.subject_id, base);
      base.set(r.test_code, result); // in order sent: the last one up to the first dose stays
    }
    // The first dose's day is the baseline's: on treatment from the day after.
    const on = d && day(result.date) > day(d.first) && (d.ongoing || day(result.date) <= day(d.last) + p.windowDays);
    if (p.peaks === "on-treatment" && !on) continue;
    const subject = peaks.get(r.subject_id) ?? new Map();
    peaks.set(r.subject_id, subject);
    const best = subject.get(r.test_code);
    if (!best || ratio > best.ratio || (ratio === best.ratio && result.date < best.date))
      subject.set(r.test_code, result);
  }
  const points: [string, string, number, number, boolean][] = [];
  const ratios: [string, number | null][] = [];
  for (const [subject, tests] of peaks) {
    const x = tests.get(p.transaminase);
    const y = tests.get("BILI");
    if (!x || !y) continue;
    const base = baselines.get(subject);
    const bx = base?.get(p.transaminase);
    const by = base?.get("BILI");
    if (p.scale === "baseline" && (!bx || !by)) continue;
    const xs = p.scale === "baseline" && bx ? round(x.ratio / bx.ratio) : x.times;
    const ys = p.scale === "baseline" && by ? round(y.ratio / by.ratio) : y.times;
    const highX = xs >= p.xThreshold;
    const highY = ys > p.yThreshold;
    const quadrant = highX ? (highY ? "hys-law" : "temple") : highY ? "hyperbilirubinemia" : "normal";
    const days = Math.abs(day(y.date) - day(x.date));
    points.push([subject, quadrant, xs, ys, days <= p.concurrentDays]);
    if (quadrant === "hys-law") {
      const alt = tests.get("ALT");
      const sameDay = alp.filter((a) => a.subject === subject && a.date === alt?.date);
      const same = sameDay.find((a) => a.at === alt?.at) ?? sameDay.sort((a, b) => (a.at < b.at ? -1 : 1))[0];
      ratios.push([subject, alt && same ? round(alt.ratio / same.ratio) : null]);
    }
  }
  return { points, ratios };
}

const DEFAULTS = LIVER_DEFAULTS;

describe("loadLiver", () => {
  it.each<[string, LiverSettings]>([
    ["ALT, 3 and 2, on treatment", DEFAULTS],
    ["AST, 1 and 1, 7 days", { ...DEFAULTS, transaminase: "AST", xThreshold: 1, yThreshold: 1, concurrentDays: 7 }],
    ["ALT, 1.5 and 1.2", { ...DEFAULTS, xThreshold: 1.5, yThreshold: 1.2 }],
    ["ALT, 1 and 1, every result", { ...DEFAULTS, xThreshold: 1, yThreshold: 1, peaks: "all" }],
    ["ALT, 1 and 1, no day after the last dose", { ...DEFAULTS, xThreshold: 1, yThreshold: 1, windowDays: 0 }],
    ["ALT, multiples of baseline", { ...DEFAULTS, scale: "baseline" }],
    [
      "AST, 1.5 and 1.5, multiples of baseline",
      { ...DEFAULTS, transaminase: "AST", xThreshold: 1.5, yThreshold: 1.5, scale: "baseline" },
    ],
  ])("places every subject of ONC-101 as the database says (%s)", async (_, params) => {
    const { cache } = newCache();
    const view = await loadLiver(cachedStudy(cache, credsOf(northstar), "ONC-101"), params);
    const got = view.plot.points.map((p) => [p.subjectId, p.quadrant, p.x, p.y, p.concurrent]);
    const want = expected("ONC-101", params);
    // Every subject has ALT and bilirubin at every visit: only one without a result on treatment is not plotted
    // (with no day after the last dose, a subject whose last dose was its first has none).
    const left = params.peaks === "all" ? 0 : view.noneOnTreatment.count;
    if (params.windowDays === 30) expect(left).toBe(0);
    expect(want.points.length + left).toBe(30);
    expect(got).toEqual(want.points);
    expect(view.patterns.map((p) => [p.subjectId, p.ratio.r])).toEqual(want.ratios);
    expect(view.studySubjects).toBe(30);
    expect(view.withoutLiverResults).toBe(0);
    expect(view.notInGroup).toBe(0);
    expect(view.noFirstDose).toEqual({ count: 0, plotted: 0 });
    expect(view.plot.notPlotted).toEqual({
      noTransaminase: 0,
      noBilirubin: 0,
      notPositive: 0,
      otherTransaminaseOnly: 0,
      noBaseline: 0,
    });
    expect(view.rejected).toEqual([]);
  });

  it("finds quadrants, possible Hy's law subjects and results off treatment in the generated data", async () => {
    // So that the test above means something.
    const { cache } = newCache();
    const study = cachedStudy(cache, credsOf(northstar), "ONC-101");
    const view = await loadLiver(study, { ...DEFAULTS, xThreshold: 1, yThreshold: 1 });
    expect(Object.values(view.plot.counts).filter((n) => n > 0).length).toBeGreaterThan(1);
    expect(view.patterns.length).toBeGreaterThan(0);
    expect(view.outside?.before).toBeGreaterThan(0);
    expect((await loadLiver(study, { ...DEFAULTS, peaks: "all" })).outside).toBeNull();
  });

  it("loads the laboratory, exposure, Group and Patient rows, and the peaks once for any thresholds", async () => {
    const { cache } = newCache();
    const study = cachedStudy(cache, credsOf(northstar), "ONC-101");
    const a = await loadLiver(study, DEFAULTS);
    const b = await loadLiver(study, { ...DEFAULTS, transaminase: "AST", xThreshold: 5 });
    const again = await loadLiver(study, DEFAULTS);
    expect(
      cache
        .stats()
        .list.map((e) => e.recordType)
        .sort(),
    ).toEqual(["AdverseEvent", "Group", "MedicationStatement", "Patient", "laboratory"]);
    // The same peaks object behind both parameter sets, and the same plot for the same parameters.
    expect(b.results).toBe(a.results);
    expect(again.plot).toBe(a.plot);
    expect(b.plot).not.toBe(a.plot);
  });
});

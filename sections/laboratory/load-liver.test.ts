/**
 * The liver safety loader through the cache against the in-process partner service.
 * The expected points are computed here from the service's database with SQL
 * and code written for the test (peak value / the upper bound of its own range
 * text, >= at the thresholds), independently of lib/clinical/liver/edish*.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EdishParams } from "@/lib/clinical/liver/edish";
import type { RetryPolicy } from "@/lib/partner-client/retry";
import { cachedStudy } from "@/lib/study/study-rows";
import { StudyCache } from "@/lib/study-cache/study-cache";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
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

/** The upper bound of the demo ranges (`<=40`, `<35`, `0.1 - 1.2`): the number after the last `<`, `=` or `-`. */
const upper = (range: string) => Number(range.split(/<=|<|-/).pop());

function expected(study: string, p: EdishParams) {
  const labs = t.db
    .prepare(
      `SELECT subject_id, test_code, value, reference_range, collected_at FROM lab_results
       WHERE study_number = ? AND test_code IN ('ALT', 'AST', 'BILI') ORDER BY seq`,
    )
    .all(study) as Lab[];
  const peaks = new Map<string, Map<string, { times: number; date: string }>>();
  for (const r of labs) {
    const times = Math.round((r.value / upper(r.reference_range)) * 1000) / 1000;
    const date = r.collected_at.slice(0, 10);
    const subject = peaks.get(r.subject_id) ?? new Map();
    peaks.set(r.subject_id, subject);
    const best = subject.get(r.test_code);
    if (!best || times > best.times || (times === best.times && date < best.date))
      subject.set(r.test_code, { times, date });
  }
  const points: [string, string, number, number, boolean][] = [];
  for (const [subject, tests] of peaks) {
    const x = tests.get(p.transaminase);
    const y = tests.get("BILI");
    if (!x || !y) continue;
    const quadrant =
      x.times >= p.xThreshold
        ? y.times >= p.yThreshold
          ? "hys-law"
          : "temple"
        : y.times >= p.yThreshold
          ? "hyperbilirubinemia"
          : "normal";
    const days = Math.abs(Date.parse(y.date) - Date.parse(x.date)) / 86_400_000;
    points.push([subject, quadrant, x.times, y.times, days <= p.concurrentDays]);
  }
  return points;
}

const DEFAULTS: EdishParams = { transaminase: "ALT", xThreshold: 3, yThreshold: 2, concurrentDays: 30 };

describe("loadLiver", () => {
  it.each<[string, EdishParams]>([
    ["ALT, 3 and 2", DEFAULTS],
    ["AST, 1 and 1, 7 days", { transaminase: "AST", xThreshold: 1, yThreshold: 1, concurrentDays: 7 }],
    ["ALT, 1.5 and 1.2", { ...DEFAULTS, xThreshold: 1.5, yThreshold: 1.2 }],
  ])("places every subject of ONC-101 as the database says (%s)", async (_, params) => {
    const { cache } = newCache();
    const view = await loadLiver(cachedStudy(cache, credsOf(northstar), "ONC-101"), params);
    const got = view.plot.points.map((p) => [
      p.subjectId,
      p.quadrant,
      p.transaminase.timesUln,
      p.bilirubin.timesUln,
      p.concurrent,
    ]);
    const want = expected("ONC-101", params);
    expect(want.length).toBe(30);
    expect(got).toEqual(want);
    expect(view.studySubjects).toBe(30);
    expect(view.withoutLiverResults).toBe(0);
    expect(view.notInGroup).toBe(0);
    expect(view.plot.notPlotted).toEqual({
      noTransaminase: 0,
      noBilirubin: 0,
      notPositive: 0,
      otherTransaminaseOnly: 0,
    });
    expect(view.rejected).toEqual([]);
  });

  it("finds more than one quadrant in the generated data (so the test above means something)", async () => {
    const { cache } = newCache();
    const view = await loadLiver(cachedStudy(cache, credsOf(northstar), "ONC-101"), {
      ...DEFAULTS,
      xThreshold: 1.5,
      yThreshold: 1.2,
    });
    expect(Object.values(view.plot.counts).filter((n) => n > 0).length).toBeGreaterThan(1);
  });

  it("loads only laboratory, Group and Patient, and computes the peaks once for any thresholds", async () => {
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
    ).toEqual(["Group", "Patient", "laboratory"]);
    // The same peaks object behind both parameter sets, and the same plot for the same parameters.
    expect(b.results).toBe(a.results);
    expect(again.plot).toBe(a.plot);
    expect(b.plot).not.toBe(a.plot);
  });
});

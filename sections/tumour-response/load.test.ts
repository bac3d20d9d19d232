/**
 * The tumour-response loader through the cache against the in-process partner service: what it loads, that a
 * study without imaging says so, and that on data generated without imperfections the signed best overall
 * response of every subject equals the recomputed one (the generator and the portal state RECIST apart:
 * docs/clinical-rules.md, Tumour response). The arithmetic itself is tested in lib/clinical/response.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RESPONSE_OPTIONS } from "@/lib/clinical/response/best-response";
import { cachedStudy } from "@/lib/study/study-rows";
import { cacheWithLog } from "@/lib/study/testing";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { loadTumourResponse } from "./load";

let t: TestService;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 12, visits: 6, imperfections: false } });
});
afterAll(() => t.db.close());

const count = (sql: string, ...args: unknown[]) => (t.db.prepare(sql).get(...args) as { n: number }).n;

describe("tumour response through the cache", () => {
  it("loads the Group, Patients, assessments and lesions only, and agrees with clean signed data", async () => {
    const { cache, urls } = cacheWithLog(t.fetch);
    const v = await loadTumourResponse(cachedStudy(cache, credsOf(northstar), "ONC-101"), DEFAULT_RESPONSE_OPTIONS);
    const asked = new Set(
      urls
        .filter((u) => u.includes("researchstudy="))
        .map((u) => `${new URL(u).pathname.split("/").pop()}${new URL(u).searchParams.get("category") ?? ""}`),
    );
    expect([...asked].sort()).toEqual(["DiagnosticReport", "Group", "Patient", "observationimaging"]);
    expect(v.hasResponseData).toBe(true);
    expect(v.subjects.length).toBe(count("SELECT count(*) AS n FROM subjects WHERE study_number = 'ONC-101'"));
    const evaluable = v.subjects.filter((s) => s.notEvaluable === null);
    expect(evaluable.length).toBeGreaterThan(0);
    expect(v.study.evaluable).toBe(evaluable.length);
    for (const s of evaluable) expect([s.subjectId, s.signed.bor]).toEqual([s.subjectId, s.recomputed.bor]);
    expect(v.study.differ).toEqual([]);
  });

  it("derives the study once per cached entry and options, and apart for other options", async () => {
    const { cache } = cacheWithLog(t.fetch);
    const study = cachedStudy(cache, credsOf(northstar), "ONC-101");
    const a = await loadTumourResponse(study, DEFAULT_RESPONSE_OPTIONS);
    const b = await loadTumourResponse(study, { ...DEFAULT_RESPONSE_OPTIONS });
    const c = await loadTumourResponse(study, { confirm: true, minSdDays: 42 });
    expect(b.subjects).toBe(a.subjects);
    expect(c.subjects).not.toBe(a.subjects);
  });

  it("says a study without imaging has no response data", async () => {
    const { cache } = cacheWithLog(t.fetch);
    const v = await loadTumourResponse(cachedStudy(cache, credsOf(northstar), "CARD-201"), DEFAULT_RESPONSE_OPTIONS);
    expect(v.hasResponseData).toBe(false);
    expect(v.assessments).toBe(0);
    expect(v.study.evaluable).toBe(0);
  });
});

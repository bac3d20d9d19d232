/**
 * The tumour-response loaders through the cache against the in-process partner service: what the section's loader
 * loads, that a study without imaging says so, and that on data generated without imperfections the signed best
 * overall response of every subject equals the recomputed one (the generator and the portal state RECIST apart:
 * docs/clinical-rules.md, Tumour response); what the summary's options change; and a subject's response page: the
 * subject's assessments and lesions as the service sends them, study day 1 as the subject's profile has it, and a
 * subject or study without response records said plainly. The arithmetic itself is tested in lib/clinical/response.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RESPONSE_OPTIONS } from "@/lib/clinical/response/best-response";
import type { SubjectResponse } from "@/lib/clinical/response/subject-response";
import { loadStudyExposure } from "@/lib/study/study-exposure";
import { cachedStudy } from "@/lib/study/study-rows";
import { cacheWithLog } from "@/lib/study/testing";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { loadSubjectProfile } from "@/sections/subject-profile/load";
import { isDefaultOptions, loadResponsePage, loadTumourResponse, optionChanges } from "./load";
import { isSubjectIdShape, MAX_SUBJECT_ID } from "./query";

describe("tumour response through the cache", () => {
  let t: TestService;
  beforeAll(async () => {
    t = await createTestService({ data: { subjects: 12, visits: 6, imperfections: false } });
  });
  afterAll(() => t.db.close());

  const count = (sql: string, ...args: unknown[]) => (t.db.prepare(sql).get(...args) as { n: number }).n;

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

  it("counts from the first dose when asked: the study drug's records loaded, day 1 its first dose", async () => {
    const { cache, urls } = cacheWithLog(t.fetch);
    const study = cachedStudy(cache, credsOf(northstar), "ONC-101");
    const base = await loadTumourResponse(study, DEFAULT_RESPONSE_OPTIONS);
    const settings = { dayOne: "first-dose", population: "evaluable" } as const;
    const dose = await loadTumourResponse(study, DEFAULT_RESPONSE_OPTIONS, settings);
    expect(urls.some((u) => u.includes("/MedicationStatement?"))).toBe(true);
    expect(urls.some((u) => u.includes("/AdverseEvent?"))).toBe(true);
    const exposure = await loadStudyExposure(study);
    expect(dose.dayOne.anchor).toBe("first-dose");
    const withBaseline = dose.subjects.filter((s) => s.baseline !== null);
    for (const s of withBaseline) {
      const first = exposure.bySubject.get(s.subjectId)?.firstDose ?? null;
      expect([s.subjectId, s.dayOne]).toEqual([
        s.subjectId,
        first === null ? { date: s.baseline?.row.date, from: "baseline" } : { date: first, from: "first-dose" },
      ]);
      // Every day moves by the baseline's day since the first dose; the duration of response does not.
      const was = base.bySubject.get(s.subjectId) as SubjectResponse;
      if (was.recomputed.progression && s.recomputed.progression)
        expect(s.recomputed.progression.day).toBe(was.recomputed.progression.day + s.offset);
      if (was.recomputed.bor === s.recomputed.bor && was.recomputed.durationOfResponse)
        expect(s.recomputed.durationOfResponse).toEqual(was.recomputed.durationOfResponse);
    }
    // The generated subjects take the study drug: most count from a first dose, on another day than their baseline.
    expect(withBaseline.some((s) => s.dayOne?.from === "first-dose" && s.offset !== 0)).toBe(true);
    const fellBack = withBaseline.filter((s) => s.dayOne?.from === "baseline").map((s) => s.subjectId);
    expect(dose.dayOne.fellBack).toEqual(fellBack);
    expect(base.dayOne).toEqual({ anchor: "baseline", fellBack: [] });
  });

  it("counts N by intent to treat when asked: the evaluable and those never assessed after baseline", async () => {
    const { cache } = cacheWithLog(t.fetch);
    const study = cachedStudy(cache, credsOf(northstar), "ONC-101");
    const itt = await loadTumourResponse(study, DEFAULT_RESPONSE_OPTIONS, { dayOne: "baseline", population: "itt" });
    const evaluable = itt.subjects.filter((s) => s.notEvaluable === null).length;
    const never = itt.subjects.filter((s) => s.notEvaluable === "no post-baseline assessment").length;
    expect([itt.study.population, itt.study.n, itt.study.evaluable]).toEqual(["itt", evaluable + never, evaluable]);
    expect(itt.study.recomputed.counts.NE).toBeGreaterThanOrEqual(never);
  });

  it("says a study without imaging has no response data", async () => {
    const { cache } = cacheWithLog(t.fetch);
    const v = await loadTumourResponse(cachedStudy(cache, credsOf(northstar), "CARD-201"), DEFAULT_RESPONSE_OPTIONS);
    expect(v.hasResponseData).toBe(false);
    expect(v.assessments).toBe(0);
    expect(v.study.evaluable).toBe(0);
  });
});

const s = (subjectId: string, signed: string, recomputed: string, notEvaluable: string | null = null) =>
  ({ subjectId, notEvaluable, signed: { bor: signed }, recomputed: { bor: recomputed } }) as unknown as SubjectResponse;

describe("optionChanges: the evaluable subjects whose BOR the options change", () => {
  it("names each change as signed and as recomputed, from the defaults' BOR to the options'", () => {
    const defaults = new Map([
      ["S1", s("S1", "PR", "PR")],
      ["S2", s("S2", "SD", "SD")],
      ["S3", s("S3", "PR", "SD")],
      ["S4", s("S4", "NE", "NE", "no baseline")],
    ]);
    const chosen = [s("S1", "SD", "PR"), s("S2", "SD", "SD"), s("S3", "SD", "PD"), s("S4", "NE", "NE", "no baseline")];
    expect(optionChanges(chosen, defaults)).toEqual([
      { subjectId: "S1", signed: { from: "PR", to: "SD" }, recomputed: null },
      { subjectId: "S3", signed: { from: "PR", to: "SD" }, recomputed: { from: "SD", to: "PD" } },
    ]);
  });
});

describe("isDefaultOptions", () => {
  it.each([
    [{ confirm: false, minSdDays: 42 }, true],
    [{ confirm: true, minSdDays: 42 }, false],
    [{ confirm: false, minSdDays: 0 }, false],
  ])("%o: %s", (o, yes) => expect(isDefaultOptions(o)).toBe(yes));
});

describe("loadResponsePage", () => {
  let t: TestService;
  beforeAll(async () => {
    t = await createTestService({ data: { subjects: 12, visits: 6 } });
  });
  afterAll(() => t.db.close());

  const all = (sql: string, ...args: unknown[]) => t.db.prepare(sql).all(...args) as Record<string, unknown>[];
  const open = (study = "ONC-101") => cachedStudy(cacheWithLog(t.fetch).cache, credsOf(northstar), study);

  it("gives the subject's served assessments and lesions, and the profile's study day 1", async () => {
    const [{ subject_id: id }] = all(
      "SELECT subject_id FROM assessments WHERE study_number = 'ONC-101' AND vis_seq IS NOT NULL LIMIT 1",
    );
    const study = open();
    const v = await loadResponsePage(study, id as string, DEFAULT_RESPONSE_OPTIONS);
    if (!v.found) throw new Error("expected the subject");
    const served = all(
      "SELECT assessment_id FROM assessments WHERE subject_id = ? AND vis_seq IS NOT NULL ORDER BY effective_at",
      id,
    ).map((r) => r.assessment_id);
    expect(v.subject.assessments.map((a) => a.row.key)).toEqual(served);
    const lesions = all("SELECT lesion_id FROM lesions WHERE subject_id = ? AND vis_seq IS NOT NULL", id);
    const read = [...v.lesions.values()].flat().map((l) => l.key);
    expect(read.sort()).toEqual(lesions.map((l) => l.lesion_id).sort());
    const profile = await loadSubjectProfile(study, id as string, new URLSearchParams());
    expect(profile.found && profile.reference).toEqual(v.reference);
    expect(v.reference).not.toBeNull();
  });

  it("says an unknown subject is not found, and an ID of no subject's shape is not looked up", async () => {
    const v = await loadResponsePage(open(), "101-9999", DEFAULT_RESPONSE_OPTIONS);
    expect(v).toMatchObject({ found: false, hasResponseData: true });
    expect(isSubjectIdShape("x".repeat(MAX_SUBJECT_ID))).toBe(true);
    expect(isSubjectIdShape("x".repeat(MAX_SUBJECT_ID + 1))).toBe(false);
    expect(isSubjectIdShape("101\n0001")).toBe(false);
    expect(isSubjectIdShape("")).toBe(false);
  });

  it("says a study without imaging has no response data", async () => {
    const [{ subject_id: id }] = all("SELECT subject_id FROM subjects WHERE study_number = 'CARD-201' LIMIT 1");
    const v = await loadResponsePage(open("CARD-201"), id as string, DEFAULT_RESPONSE_OPTIONS);
    expect(v).toMatchObject({ found: false, hasResponseData: false });
  });
});

/**
 * The subject profile through the cache, against the in-process partner
 * service. Expected values are read from the service's database with SQL,
 * independently of the portal's code.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AssessmentRow } from "@/lib/clinical/response/assessments";
import type { RetryPolicy } from "@/lib/partner-client/retry";
import { cachedStudy } from "@/lib/study/study-rows";
import { StudyCache } from "@/lib/study-cache/study-cache";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { loadDataChecks } from "@/sections/data-checks/load";
import { NO_CHECKS_FILTER } from "@/sections/data-checks/query";
import { PROFILE_PARTS } from "@/sections/subject-profile-parts";
import { loadSubjectProfile, type SubjectProfile, type SubjectProfileView } from "./load";
import { STUDY_MEDICATION_CELL } from "./query";
import { recordTable } from "./tables";
import { timelineItems } from "./ui/timeline-items";

let t: TestService;
let cache: StudyCache;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 12, visits: 4 } });
  const fast: RetryPolicy = { attempts: 2, baseDelayMs: 1, maxDelayMs: 2, timeoutMs: 5_000, maxRetryAfterMs: 1_000 };
  cache = new StudyCache({ ttlMs: 60_000, maxBytes: 64 * 1024 * 1024, client: { fetch: t.fetch, retry: fast } });
});
afterAll(() => t.db.close());

const profile = (study: string, subjectId: string, query = "") =>
  loadSubjectProfile(
    cachedStudy(cache, credsOf(northstar), study),
    subjectId,
    new URLSearchParams(query),
    PROFILE_PARTS,
  );

function found(view: SubjectProfileView): SubjectProfile {
  if (!view.found) throw new Error(`subject ${view.subjectId} not found`);
  return view;
}

const all = <T>(sql: string, ...args: unknown[]) => t.db.prepare(sql).all(...args) as T[];
const subjects = (study: string) =>
  all<{ subject_id: string; subject_study_id: string; birth_year: number; gender: string }>(
    "SELECT subject_id, subject_study_id, birth_year, gender FROM subjects WHERE study_number = ? ORDER BY seq",
    study,
  );
// The demo studies' investigational agents (partner-service/data/generator/demo.ts), written out here.
const AGENT: Record<string, string> = { "ONC-101": "Zalvotinib", "CARD-201": "Cardelutide" };

const assessmentFields = ({ key, date, name, timepoint, targetSum, conclusion }: AssessmentRow) => ({
  key,
  date,
  name,
  timepoint,
  targetSum,
  conclusion,
});

describe("the subject profile", () => {
  it.each(["ONC-101", "CARD-201"])("holds each subject's own records of %s", async (study) => {
    let doses = 0;
    let findings = 0;
    for (const s of subjects(study)) {
      const view = found(await profile(study, s.subject_id));
      const where = "WHERE study_number = ? AND subject_id = ?";
      const count = (table: string) =>
        all<{ n: number }>(`SELECT count(*) AS n FROM ${table} ${where}`, study, s.subject_id)[0].n;
      expect(view.subject).toMatchObject({ subjectId: s.subject_id, subjectStudyNumber: s.subject_study_id });
      expect(view.subject.birthYear).toBe(s.birth_year);
      const aeKeys = all<{ k: string }>(
        `SELECT ae_key AS k FROM adverse_events ${where} ORDER BY seq`,
        study,
        s.subject_id,
      );
      expect(view.adverseEvents.map((a) => a.key)).toEqual(aeKeys.map((r) => r.k));
      expect(view.medications).toHaveLength(count("medications"));
      expect(view.labs).toHaveLength(count("lab_results"));
      expect(view.vitals).toHaveLength(count("vital_signs"));
      const drs = all<Record<string, string | number | null>>(
        `SELECT assessment_id AS key, substr(effective_at, 1, 10) AS date, name, timepoint, current_value AS targetSum,
           conclusion FROM assessments ${where} AND vis_seq IS NOT NULL ORDER BY vis_seq`,
        study,
        s.subject_id,
      );
      expect(view.assessments.map(assessmentFields)).toEqual(drs);
      expect(view.studyHasAssessments).toBe(study === "ONC-101");
      const firstDose = all<{ d: string | null }>(
        `SELECT min(substr(start_at, 1, 10)) AS d FROM medications ${where} AND drug LIKE ?`,
        study,
        s.subject_id,
        `${AGENT[study]} %`,
      )[0].d;
      if (firstDose) {
        doses++;
        expect(view.reference).toEqual({ date: firstDose, source: "first dose" });
      } else expect(view.reference?.source).not.toBe("first dose");
      if (study === "CARD-201") expect(view.timeline?.lanes.some((l) => l.kind === "assessment")).toBe(false);
      // Each assessment on the timeline against the response the Tumour response section recomputes at it (the
      // items made here, not through the subject's memo, which a test below counts the computing of).
      const items = view.timeline ? timelineItems(view.timeline, view) : [];
      const markers = items.filter((i) => i.kind === "assessment");
      expect(markers.filter((i) => i.check === undefined)).toEqual([]);
      expect(view.checks === null).toBe(view.assessments.length === 0);
      // The summary: the generator numbers subjects <site>-<number>; age = year of the first dose - birth year.
      expect(view.facts).toMatchObject({
        site: s.subject_id.split("-")[0],
        firstDose: firstDose ?? null,
        age: firstDose ? Number(firstDose.slice(0, 4)) - s.birth_year : null,
      });
      expect(view.facts.response === null).toBe(study === "CARD-201");
      findings += view.facts.findings ?? 0;
    }
    // Each finding of a subject is on its subject's summary, once.
    const checks = await loadDataChecks(cachedStudy(cache, credsOf(northstar), study), NO_CHECKS_FILTER);
    const ids = new Set(subjects(study).map((s) => s.subject_id));
    expect(findings).toBe(checks.findings.filter((f) => f.subjectId !== null && ids.has(f.subjectId)).length);
    expect(doses).toBeGreaterThan(0);
  });

  it("finds the previous and next subject in the list's order, and the list page that holds it", async () => {
    // Birth year descending, ties in the Group's order: sorted here, with the database's numbers.
    const order = subjects("ONC-101")
      .map((s, i) => ({ ...s, i }))
      .sort((a, b) => b.birth_year - a.birth_year || a.i - b.i)
      .map((s) => s.subject_id);
    const view = found(await profile("ONC-101", order[5], "sort=birthYear.desc&size=10&page=1&other=x"));
    expect(view.neighbours).toEqual({
      previous: order[4],
      next: order[6],
      position: 6,
      count: order.length,
      listSearch: "sort=birthYear.desc&size=10",
      narrowed: true,
      studyFiltered: false,
    });
    const last = found(await profile("ONC-101", order[order.length - 1], "sort=birthYear.desc&size=10"));
    expect(last.neighbours).toMatchObject({ next: null, previous: order[order.length - 2], position: order.length });
    expect(last.neighbours.listSearch).toBe("sort=birthYear.desc&page=2&size=10");
  });

  it("says when the list's filter leaves the subject out, its neighbours those listed around its place", async () => {
    const [first, second, third] = subjects("ONC-101");
    const view = found(await profile("ONC-101", first.subject_id, `f_subjectId=${second.subject_id}`));
    // Left out, the first subject stands before the second: the one listed is next, none is previous.
    expect(view.neighbours).toMatchObject({ previous: null, next: second.subject_id, position: null, count: 1 });
    const last = found(await profile("ONC-101", third.subject_id, `f_subjectId=${second.subject_id}`));
    expect(last.neighbours).toMatchObject({ previous: second.subject_id, next: null, position: null, count: 1 });
  });

  it("ignores list state that does not fit", async () => {
    const [first, second] = subjects("ONC-101");
    const bad = found(await profile("ONC-101", first.subject_id, "sort=nope.desc&page=abc&size=7"));
    expect(bad.neighbours).toMatchObject({ previous: null, next: second.subject_id, position: 1, listSearch: "" });
  });

  it("walks only the subjects the study filter keeps, in the list's order", async () => {
    const list = subjects("ONC-101");
    // Named subjects, in the Group's order whatever the order named; one left out has no neighbours.
    const [a, b, c] = [list[1], list[4], list[7]].map((s) => s.subject_id);
    const named = `only_subjects=${c},${a},${b}`;
    const middle = found(await profile("ONC-101", b, named));
    expect(middle.neighbours).toEqual({
      previous: a,
      next: c,
      position: 2,
      count: 3,
      listSearch: "",
      narrowed: false,
      studyFiltered: true,
    });
    const out = found(await profile("ONC-101", list[2].subject_id, named));
    expect(out.neighbours).toMatchObject({ previous: null, next: null, position: null, count: 3 });
    // A subgroup (the Group's women), in the list's sorted order: birth year descending, ties in the Group's order.
    const women = list
      .map((s, i) => ({ ...s, i }))
      .filter((s) => s.gender === "female")
      .sort((x, y) => y.birth_year - x.birth_year || x.i - y.i)
      .map((s) => s.subject_id);
    expect(women.length, "the study has three women at least").toBeGreaterThan(2);
    const second = found(await profile("ONC-101", women[1], "sort=birthYear.desc&only_sex=Female"));
    expect(second.neighbours).toMatchObject({
      previous: women[0],
      next: women[2],
      position: 2,
      count: women.length,
      studyFiltered: true,
    });
  });

  it("answers a subject ID that is not in the study without failing", async () => {
    const other = subjects("CARD-201")[0].subject_id;
    for (const id of ["nope", other, "<script>alert(1)</script>", ""]) {
      const view = await profile("ONC-101", id);
      expect(view).toMatchObject({ found: false, subjectId: id, listSearch: "" });
    }
  });

  it("takes a subject's rows from indexes built once per cache entry", async () => {
    const id = subjects("ONC-101")[0].subject_id;
    const a = found(await profile("ONC-101", id));
    const b = found(await profile("ONC-101", id));
    expect(b.labs).toBe(a.labs);
    expect(b.adverseEvents).toBe(a.adverseEvents);
    expect(b.medications).toBe(a.medications);
  });

  it("computes a subject's values once (timeline, grid, table rows), and again after a refresh", async () => {
    const id = subjects("ONC-101")[1].subject_id;
    const a = found(await profile("ONC-101", id));
    const b = found(await profile("ONC-101", id, "trend=ALT&grid=2"));
    expect(b.timeline).toBe(a.timeline);
    let runs = 0;
    const grid = () => ({ run: ++runs });
    expect(b.memo("lab grid", grid)).toBe(a.memo("lab grid", grid));
    expect(runs).toBe(1);
    // Another subject has its own values.
    const other = found(await profile("ONC-101", subjects("ONC-101")[2].subject_id));
    other.memo("lab grid", grid);
    expect(runs).toBe(2);
    expect((await cache.refresh(credsOf(northstar), "ONC-101")).status).toBe("dropped");
    const c = found(await profile("ONC-101", id));
    expect(c.timeline).not.toBe(a.timeline);
    expect(c.timeline).toEqual(a.timeline);
    c.memo("lab grid", grid);
    expect(runs).toBe(3);
  });

  it("anchors day 1 on the baseline assessment when the address says so, the first dose otherwise", async () => {
    let baselines = 0;
    for (const s of subjects("ONC-101")) {
      const where = "WHERE study_number = 'ONC-101' AND subject_id = ?";
      // The baseline: the earliest dated assessment with timepoint 0, the name Baseline or the conclusion Undefined.
      const baseline = all<{ d: string | null }>(
        `SELECT min(substr(effective_at, 1, 10)) AS d FROM assessments ${where} AND vis_seq IS NOT NULL
         AND (timepoint = 0 OR lower(name) = 'baseline' OR lower(conclusion) = 'undefined')`,
        s.subject_id,
      )[0].d;
      const byDefault = found(await profile("ONC-101", s.subject_id));
      const chosen = found(await profile("ONC-101", s.subject_id, "day1=baseline"));
      expect([byDefault.dayOne, chosen.dayOne]).toEqual(["first-dose", "baseline"]);
      if (baseline) {
        baselines++;
        expect(chosen.reference).toEqual({ date: baseline, source: "baseline assessment" });
      } else expect(chosen.reference).toEqual(byDefault.reference);
      // Every study day counts from the anchor's date: the assessments' study days in the table rows.
      if (chosen.timeline) expect(chosen.timeline.reference).toEqual(chosen.reference);
    }
    expect(baselines).toBeGreaterThan(0);
    // Anything else is the default.
    const id = subjects("ONC-101")[0].subject_id;
    expect(found(await profile("ONC-101", id, "day1=Baseline")).dayOne).toBe("first-dose");
  });

  it("holds the subject's study-drug exposure as its records in the database give it", async () => {
    let exposed = 0;
    for (const s of subjects("ONC-101")) {
      const view = found(await profile("ONC-101", s.subject_id));
      const day = "substr(start_at, 1, 10)";
      const last = `CASE WHEN end_at IS NOT NULL AND substr(end_at, 1, 10) >= ${day} THEN substr(end_at, 1, 10)
        ELSE ${day} END`;
      const e = all<{ first: string | null; last: string | null; n: number; open: number }>(
        `SELECT min(${day}) AS first, max(${last}) AS last, count(*) AS n, coalesce(sum(end_at IS NULL), 0) AS open
         FROM medications WHERE study_number = 'ONC-101' AND subject_id = ? AND drug LIKE ?`,
        s.subject_id,
        `${AGENT["ONC-101"]} %`,
      )[0];
      if (e.n === 0) {
        expect(view.exposure).toBeNull();
        continue;
      }
      exposed++;
      // Days on drug: last - first + 1, both days counted.
      const days = (Date.parse(e.last as string) - Date.parse(e.first as string)) / 86_400_000 + 1;
      expect(view.exposure).toMatchObject({
        firstDose: e.first,
        lastDose: e.last,
        daysOnDrug: days,
        records: e.n,
        ongoing: e.open > 0,
      });
      // The count's link filters the medications table on this cell: it holds exactly these records.
      const cells = recordTable(view, "medications", "").rows.filter((r) => r.study === STUDY_MEDICATION_CELL);
      expect(cells).toHaveLength(e.n);
    }
    expect(exposed).toBeGreaterThan(0);
  });
});

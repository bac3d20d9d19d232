/**
 * The laboratory section of a study: the test overview from the cached laboratory results only (once per cached
 * entry), and for a chosen test its detail by unit and its listing (./test-detail.ts), which also read the study
 * drug's exposure (lib/study/study-exposure.ts: the baseline on or before the first dose, the on-treatment window);
 * without one, the results of every test that a data note counts or that one visit holds (`issue=`, `at=`).
 * A study holds about a million results at the benchmark's scale, so every aggregate goes through derived(): the
 * index of the tests is built once per cached entry, not per request.
 */
import { type BaselineRule, baselineRule } from "@/lib/clinical/laboratory/baseline";
import { type LabOverviewRow, labOverviewSliced } from "@/lib/clinical/laboratory/overview";
import { collectedKey, indexLabTestsSliced, type LabTest, testName } from "@/lib/clinical/laboratory/series";
import { hasIssue, type MeasurementIssue } from "@/lib/clinical/measurements/issues";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import { derivedInSlices, derivedOf } from "@/lib/study/derived";
import { type SectionData, sectionData } from "@/lib/study/section-data";
import { loadStudyExposure } from "@/lib/study/study-exposure";
import type { StudyData } from "@/lib/study/study-rows";
import type { CachedRows } from "@/lib/study-cache/row-mappers";
import { type VisitRecords, visitRecords } from "@/sections/frame/visit-listing";
import type { LabQuery } from "./query";
import { type TestDetail, testDetail } from "./test-detail";

export interface LabTestSummary {
  key: string;
  name: string;
  code: string | null;
  units: (string | null)[];
}

export interface LaboratoryView extends SectionData {
  overview: LabOverviewRow[];
  tests: LabTestSummary[];
  /** How baselines are found for subjects without a known first dose (docs/clinical-rules.md, Shift tables). */
  rule: BaselineRule;
  /** Days after the last dose that count after baseline, and whether the address gave a window not used. */
  window: { days: number; ignored: boolean };
  /** The chosen test, when the URL names one the data has. */
  test: ChosenTest | null;
  /** The URL named a test that the data does not have (it is not repeated back). */
  unknownTest: boolean;
  /** Without a chosen test, the results of every test that a data note counts, when the URL names the note's issue. */
  issue: { issue: MeasurementIssue; rows: readonly MeasurementRow[] } | null;
  /**
   * Without a chosen test or an issue listing (which shares its table's state), every test's results at the visit
   * the URL names (`at=`), when the study's results have that visit; `at=` lists those without a visit (perhaps none).
   */
  visit: VisitRecords | null;
  /** The URL named a visit that no result has (it is not repeated back). */
  unknownVisit: boolean;
}

/** The chosen test: its summary and its detail for the request. */
export type ChosenTest = LabTestSummary & TestDetail;

interface LabIndex {
  tests: LabTest[];
  overview: LabOverviewRow[];
  rule: BaselineRule;
}

const labIndex = (lab: CachedRows<MeasurementRow>): Promise<LabIndex> =>
  derivedInSlices("laboratory:index", [lab], function* () {
    const tests = yield* indexLabTestsSliced(lab.rows);
    return { tests, overview: yield* labOverviewSliced(lab.rows, tests), rule: baselineRule(lab.rows) };
  });

const summary = (t: LabTest): LabTestSummary => ({
  key: t.key,
  name: testName(t),
  code: t.code,
  units: t.series.map((s) => s.unit),
});

export async function loadLaboratory(study: StudyData, query: LabQuery): Promise<LaboratoryView> {
  const hit = await study.rows("laboratory");
  const lab = hit.value;
  const { tests, overview, rule } = await labIndex(lab);
  const chosen = query.test === null ? undefined : tests.find((t) => t.key === query.test);
  // Only a test's detail counts from the first dose: the overview does not wait for adverse events and medications.
  const exposure = chosen ? await loadStudyExposure(study) : null;
  const ctx = exposure && { rule, exposure: exposure.bySubject, windowDays: query.window };
  const dosing = exposure ? { AdverseEvent: exposure.sources[0], MedicationStatement: exposure.sources[1] } : {};
  const named = !chosen && !query.issue && query.at !== undefined ? query.at : undefined;
  const visit = named === undefined ? null : await visitRecords("laboratory", lab, named);
  return {
    ...sectionData({ laboratory: hit, ...dosing }),
    overview,
    tests: tests.map(summary),
    rule,
    window: { days: query.window, ignored: query.windowIgnored },
    test: chosen && ctx ? { ...summary(chosen), ...testDetail(lab, chosen, ctx, query) } : null,
    unknownTest: query.test !== null && !chosen,
    issue: !chosen && query.issue ? { issue: query.issue, rows: issueRows(lab, query.issue) } : null,
    visit,
    unknownVisit: named !== undefined && !visit,
  };
}

/** The results a data note counts, in the partner's order: one array per issue (a handful) and cached entry. */
const issueRows = (lab: CachedRows<MeasurementRow>, issue: MeasurementIssue) =>
  derivedOf("laboratory:issue", issue, [lab], () =>
    lab.rows.filter((r) => hasIssue(r, issue, (row) => collectedKey(row) !== null)),
  );

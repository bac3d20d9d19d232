/**
 * One subject's profile: demographics and identifiers, the neighbours in the subject list's current order (among the
 * subjects the study filter keeps), the study drug's exposure, the study-day reference (day 1 at the anchor the
 * address chose) and timeline, each response assessment against the response recomputed at it, and the subject's
 * adverse events, medications, response assessments, laboratory results and vital signs. Every per-subject grouping
 * is an index built once per cache entry (lib/study/by-subject.ts): a request takes its subject's rows, it does not
 * scan the study's million laboratory results. What is derived from a subject's rows (timeline, grid, trends, table
 * rows) is computed once for the subject and reused (./subject-memo.ts).
 */
import type { AdverseEventRow } from "@/lib/clinical/adverse-events/rows";
import {
  type AnchoredSource,
  anchoredStudyDayReference,
  type StudyDayReference,
} from "@/lib/clinical/common/study-day-reference";
import type { DayOneAnchor } from "@/lib/clinical/exposure/day-one";
import type { SubjectExposure } from "@/lib/clinical/exposure/exposure";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import type { MedicationRow } from "@/lib/clinical/medications/rows";
import type { AssessmentRow } from "@/lib/clinical/response/assessments";
import type { SubjectResponse } from "@/lib/clinical/response/subject-response";
import type { SubjectListRow } from "@/lib/clinical/subjects/subject-list";
import { buildTimeline, type Timeline } from "@/lib/clinical/subjects/timeline";
import type { ReviewStatus } from "@/lib/review/record-type-review";
import type { StudyReview } from "@/lib/review/study-review";
import { bySubject, rowsOf } from "@/lib/study/by-subject";
import { type SectionData, sectionData } from "@/lib/study/section-data";
import { loadStudyExposure } from "@/lib/study/study-exposure";
import type { StudyData } from "@/lib/study/study-rows";
import { subjectListOf } from "@/lib/study/subject-list";
import type { CachedRows } from "@/lib/study-cache/row-mappers";
import type { ParamSource } from "@/lib/tables/url-state";
import { type AssessmentCheck, assessmentChecks } from "./assessment-checks";
import { DAY_ONE_PARAM, profileDayOne } from "./query";
import { type SubjectFacts, subjectFacts } from "./subject-facts";
import { type SubjectMemo, subjectMemo } from "./subject-memo";
import { listNeighbours, type SubjectNeighbours } from "./subject-neighbours";

export interface SubjectProfile {
  found: true;
  /** The subject's row of the subject list: identifiers, demographics, counts and its note. */
  subject: SubjectListRow;
  neighbours: SubjectNeighbours;
  /** The user's review of the subject's Patient record; absent: not read (no user's review given). */
  review?: ReviewStatus | null;
  /** The anchor of day 1 the address chose (the first dose unless it says the baseline assessment). */
  dayOne: DayOneAnchor;
  /** Study day 1 and what it is; null when the subject has no dose, assessment or laboratory collection. */
  reference: StudyDayReference<AnchoredSource> | null;
  /** The study drug's exposure of the subject; null without a study-drug record. */
  exposure: SubjectExposure | null;
  /** The subject's summary: age, site, status, first dose, best overall response, data-check findings. */
  facts: SubjectFacts;
  timeline: Timeline | null;
  /**
   * Each dated response assessment against the response recomputed at it (./assessment-checks.ts), by key; null when
   * nothing was recomputed (no ProfileParts, a study without response assessments, a subject without any).
   */
  checks: ReadonlyMap<string, AssessmentCheck> | null;
  /** The study's investigational products (lower case), which tell study medication from other medication. */
  products: readonly string[];
  adverseEvents: readonly AdverseEventRow[];
  medications: readonly MedicationRow[];
  assessments: readonly AssessmentRow[];
  /** Whether the study has response assessments at all: a study without imaging shows no response content. */
  studyHasAssessments: boolean;
  labs: readonly MeasurementRow[];
  vitals: readonly MeasurementRow[];
  /** Records of this subject sent twice under one key, shown once. */
  repeated: { adverseEvents: number; assessments: number };
  /** The subject's values derived from these rows, computed once while the same rows are cached. */
  memo: SubjectMemo;
}

export interface SubjectNotFound {
  found: false;
  subjectId: string;
  /** The subject list's order and filters as a search string, for the link back to it. */
  listSearch: string;
}

export type SubjectProfileView = SectionData & (SubjectProfile | SubjectNotFound);

/**
 * What the subject's summary and timeline take from other sections (docs/clinical-rules.md, The subject's summary;
 * The timeline), given by sections/subject-profile-parts.ts: a section imports no other. Without them the summary
 * has no best overall response and no findings, and the timeline no recomputed responses.
 */
export interface ProfileParts {
  /** Each subject's response as the Tumour response section computes it by default; null: the study has none. */
  responses(study: StudyData): Promise<ReadonlyMap<string, SubjectResponse> | null>;
  /** The number of the subject's data-check findings. */
  findings(study: StudyData, subjectId: string): Promise<number>;
}

export async function loadSubjectProfile(
  study: StudyData,
  subjectId: string,
  listSearchParams: ParamSource,
  parts?: ProfileParts,
  review?: StudyReview,
): Promise<SubjectProfileView> {
  // All at once: each is its own cache entry and single flight.
  const [group, patients, aes, drs, meds, labs, vitals, exposure] = await Promise.all([
    study.rows("Group"),
    study.rows("Patient"),
    study.rows("AdverseEvent"),
    study.rows("DiagnosticReport"),
    study.rows("MedicationStatement"),
    study.rows("laboratory"),
    study.rows("vital-signs"),
    loadStudyExposure(study),
  ]);
  const data = sectionData({
    Group: group,
    Patient: patients,
    AdverseEvent: aes,
    DiagnosticReport: drs,
    MedicationStatement: meds,
    laboratory: labs,
    "vital-signs": vitals,
  });
  const list = subjectListOf(group.value, patients.value, aes.value, drs.value).rows;
  const subjects = review ? await review.of("Patient") : undefined;
  const neighbours = await listNeighbours(study, list, subjectId, listSearchParams, subjects);
  const subject = list.find((r) => r.subjectId !== "" && r.subjectId === subjectId);
  if (!subject) return { ...data, found: false, subjectId, listSearch: neighbours.listSearch };

  const [indexes, responses, findings] = await Promise.all([
    subjectIndexes({ aes, drs, meds, labs, vitals }),
    parts ? parts.responses(study) : null,
    parts ? parts.findings(study, subjectId) : null,
  ]);
  // The responses too: the timeline's items hold the assessments recomputed, which the lesions (imaging) change.
  const entries = [labs.value, vitals.value, aes.value, drs.value, meds.value] as const;
  const memo = subjectMemo(subjectId, responses ? [...entries, responses] : entries);
  const response = responses?.get(subjectId);
  const subjectExposure = exposure.bySubject.get(subjectId) ?? null;
  const dayOne = profileDayOne(listSearchParams.get(DAY_ONE_PARAM));
  const records = memo(`records, day 1 at ${dayOne}`, () =>
    subjectRecords(subjectId, exposure.products, indexes, dayOne),
  );
  return {
    ...data,
    found: true,
    subject,
    neighbours,
    ...(subjects ? { review: subjects.status(subjectId) } : {}),
    dayOne,
    exposure: subjectExposure,
    facts: subjectFacts({
      subjectId,
      birthYear: subject.birthYear,
      exposure: subjectExposure,
      response: responses === null ? null : response,
      findings,
    }),
    ...records,
    checks: response ? memo("assessment checks", () => assessmentChecks(response)) : null,
    studyHasAssessments: drs.value.rows.length > 0,
    memo,
  };
}

type Hit<R> = { value: CachedRows<R> };

interface RecordHits {
  aes: Hit<AdverseEventRow>;
  drs: Hit<AssessmentRow>;
  meds: Hit<MedicationRow>;
  labs: Hit<MeasurementRow>;
  vitals: Hit<MeasurementRow>;
}

/** The study's per-subject indexes of each record type (built once per cached entry). */
async function subjectIndexes({ aes, drs, meds, labs, vitals }: RecordHits) {
  const [aeIndex, drIndex, medIndex, labIndex, vitalIndex] = await Promise.all([
    bySubject(aes.value, (r) => r.key),
    bySubject(drs.value, (r) => r.key),
    bySubject(meds.value),
    bySubject(labs.value),
    bySubject(vitals.value),
  ]);
  return { aeIndex, drIndex, medIndex, labIndex, vitalIndex };
}

type SubjectIndexes = Awaited<ReturnType<typeof subjectIndexes>>;

/** The subject's records from the study's per-subject indexes, with its study days (from `dayOne`) and timeline. */
function subjectRecords(subjectId: string, products: readonly string[], indexes: SubjectIndexes, dayOne: DayOneAnchor) {
  const { aeIndex, drIndex, medIndex, labIndex, vitalIndex } = indexes;
  const profile = {
    adverseEvents: rowsOf(aeIndex, subjectId),
    medications: rowsOf(medIndex, subjectId),
    assessments: rowsOf(drIndex, subjectId),
    labs: rowsOf(labIndex, subjectId),
    vitals: rowsOf(vitalIndex, subjectId),
  };
  const reference = anchoredStudyDayReference({ ...profile, products }, dayOne);
  return {
    ...profile,
    products,
    reference,
    timeline: reference && buildTimeline({ ...profile, reference, products }),
    repeated: {
      adverseEvents: aeIndex.repeated.get(subjectId) ?? 0,
      assessments: drIndex.repeated.get(subjectId) ?? 0,
    },
  };
}

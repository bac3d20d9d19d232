/**
 * The tumour-response view of a study, from the cached Group, Patient, DiagnosticReport (assessments) and imaging
 * (lesions) rows: every subject's response recomputed by the portal's own RECIST 1.1 statement beside the signed
 * one, and the study's best overall responses, rates and who is left out (docs/clinical-rules.md, Tumour
 * response). Both are derived once per cached entry and response options; a study without assessments or lesions
 * (not a RECIST 1.1 study) says so.
 */

import { complete, type Sliced } from "@/lib/clinical/common/sliced";
import { groupPopulation } from "@/lib/clinical/medications/summary";
import type { ResponseOptions } from "@/lib/clinical/response/best-response";
import { type StudyResponse, studyResponse, subjectResponsesSliced } from "@/lib/clinical/response/study-response";
import {
  type JoinCounts,
  type ResponseRecords,
  responseRecordsSliced,
  type SubjectRecords,
} from "@/lib/clinical/response/subject-records";
import type { SubjectResponse } from "@/lib/clinical/response/subject-response";
import { derivedInSlices, derivedOfInSlices } from "@/lib/study/derived";
import { type SectionData, sectionData } from "@/lib/study/section-data";
import type { StudyData } from "@/lib/study/study-rows";
import type { CachedRecordType, RowOf } from "@/lib/study-cache/row-mappers";

export interface TumourResponseView extends SectionData {
  /** False when the study sent no assessment and no lesion: response views do not apply. */
  hasResponseData: boolean;
  assessments: number;
  lesions: number;
  options: ResponseOptions;
  /** Every subject with an assessment or in the Group, in subject ID order. */
  subjects: readonly SubjectResponse[];
  /** The same, by subject ID. */
  bySubject: ReadonlyMap<string, SubjectResponse>;
  study: StudyResponse;
  /** What could not be joined: counted in the view's data notes. */
  counts: JoinCounts;
  /** Each subject's assessments and lesion readings as joined (a subject's response page lists its lesions). */
  records: ReadonlyMap<string, SubjectRecords>;
}

type Rows<K extends CachedRecordType> = readonly RowOf<K>[];

/** Each subject's assessments and lesion readings, joined; the subjects are the Group's and the assessed ones. */
export const joinResponseRecords = (...rows: Parameters<typeof joinResponseRecordsSliced>): ResponseRecords =>
  complete(joinResponseRecordsSliced(...rows));

/** joinResponseRecords() in slices (lib/clinical/common/sliced.ts). */
export function* joinResponseRecordsSliced(
  group: Rows<"Group">,
  patients: Rows<"Patient">,
  reports: Rows<"DiagnosticReport">,
  imaging: Rows<"imaging">,
): Sliced<ResponseRecords> {
  const population = groupPopulation(
    group.flatMap((g) => g.members),
    patients,
  );
  return yield* responseRecordsSliced(reports, imaging, [...population.subjectIds]);
}

/**
 * Every subject's response under the options (each assessment recomputed, both BORs) and the study's (the BOR
 * table with its intervals). The loader memoises it per cached entry and options; the benchmark times it as is.
 */
export const deriveResponses = (records: ResponseRecords, options: ResponseOptions) =>
  complete(deriveResponsesSliced(records, options));

/** deriveResponses() in slices (lib/clinical/common/sliced.ts). */
export function* deriveResponsesSliced(records: ResponseRecords, options: ResponseOptions) {
  const subjects = yield* subjectResponsesSliced(records, options);
  return { subjects, bySubject: new Map(subjects.map((s) => [s.subjectId, s])), study: studyResponse(subjects) };
}

export async function loadTumourResponse(study: StudyData, options: ResponseOptions): Promise<TumourResponseView> {
  const [group, patients, reports, imaging] = await Promise.all([
    study.rows("Group"),
    study.rows("Patient"),
    study.rows("DiagnosticReport"),
    study.rows("imaging"),
  ]);
  const deps: [object, ...object[]] = [reports.value, imaging.value, group.value, patients.value];
  const records = await derivedInSlices("response:records", deps, () =>
    joinResponseRecordsSliced(group.value.rows, patients.value.rows, reports.value.rows, imaging.value.rows),
  );
  const key = `${options.confirm ? 1 : 0}:${options.minSdDays}`;
  const derivedView = await derivedOfInSlices("response:subjects", key, deps, () =>
    deriveResponsesSliced(records, options),
  );
  return {
    ...sectionData({ Group: group, Patient: patients, DiagnosticReport: reports, imaging }),
    hasResponseData: reports.value.rows.length > 0 || imaging.value.rows.length > 0,
    assessments: reports.value.rows.length,
    lesions: imaging.value.rows.length,
    options,
    ...derivedView,
    counts: records.counts,
    records: records.subjects,
  };
}

/**
 * The Tumour response section's loaders and the views they return, from the cached Group, Patient,
 * DiagnosticReport (assessments) and imaging (lesions) rows (docs/clinical-rules.md, Tumour response).
 *
 * The section's view (the plots'): every subject's response recomputed by the portal's own RECIST 1.1 statement
 * beside the signed one, and the study's best overall responses, rates and who is left out. Both are derived once
 * per cached entry and response options; a study without assessments or lesions (not a RECIST 1.1 study) says so.
 *
 * The summary's: the same under the URL's options and, when those are not the defaults (no confirmation, SD at 42
 * days), which evaluable subjects' best overall responses they change against the defaults, so that the page can
 * say what the options did. Both derivations are memoised per cached entry and options.
 *
 * A subject's response page's: the subject's response from the section's view (every assessment recomputed beside
 * the signed one, both best overall responses under the URL's options), the subject's lesion readings by
 * assessment, and the subject's study day 1 by the profile's rule (docs/clinical-rules.md, Study medication and
 * study day 1), for which the study's adverse events (the investigational product) and medications are loaded too.
 * A subject the study has no response records of, nor in its Group, is "not found", not an error.
 */

import { complete, type Sliced } from "@/lib/clinical/common/sliced";
import { type StudyDayReference, studyDayReference } from "@/lib/clinical/common/study-day-reference";
import type { DayOneAnchor } from "@/lib/clinical/exposure/day-one";
import { investigationalProducts } from "@/lib/clinical/exposure/study-drug";
import { groupPopulation } from "@/lib/clinical/medications/summary";
import {
  DEFAULT_MIN_SD_DAYS,
  DEFAULT_RESPONSE_OPTIONS,
  type ResponseOptions,
} from "@/lib/clinical/response/best-response";
import type { LesionRow } from "@/lib/clinical/response/lesion-rows";
import { DEFAULT_POPULATION } from "@/lib/clinical/response/population";
import { type StudyResponse, studyResponse, subjectResponsesSliced } from "@/lib/clinical/response/study-response";
import {
  type JoinCounts,
  type ResponseRecords,
  responseRecordsSliced,
  type SubjectRecords,
} from "@/lib/clinical/response/subject-records";
import { BASELINE_CLOCK, type ResponseClock, type SubjectResponse } from "@/lib/clinical/response/subject-response";
import type { Response } from "@/lib/clinical/response/timepoint";
import { bySubject, rowsOf } from "@/lib/study/by-subject";
import { derived, derivedInSlices, derivedOfInSlices } from "@/lib/study/derived";
import { type SectionData, sectionData } from "@/lib/study/section-data";
import { loadStudyExposure } from "@/lib/study/study-exposure";
import type { StudyData } from "@/lib/study/study-rows";
import type { CachedRecordType, RowOf } from "@/lib/study-cache/row-mappers";
import { DEFAULT_SETTINGS, isSubjectIdShape, type ResponseSettings } from "./query";

export interface TumourResponseView extends SectionData {
  /** False when the study sent no assessment and no lesion: the response pages do not apply. */
  hasResponseData: boolean;
  assessments: number;
  lesions: number;
  options: ResponseOptions;
  /** Day 1 of the response times, and the subjects with a baseline that had no first dose to count from. */
  dayOne: { anchor: DayOneAnchor; fellBack: readonly string[] };
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
 * Every subject's response under the options and day 1 (each assessment recomputed, both BORs) and the study's
 * (the BOR table with its intervals, over the evaluable subjects). The loader memoises it per cached entry, options
 * and day 1; the benchmark times it as is.
 */
export const deriveResponses = (records: ResponseRecords, options: ResponseOptions, clock?: ResponseClock) =>
  complete(deriveResponsesSliced(records, options, clock));

/** deriveResponses() in slices (lib/clinical/common/sliced.ts). */
export function* deriveResponsesSliced(records: ResponseRecords, options: ResponseOptions, clock = BASELINE_CLOCK) {
  const subjects = yield* subjectResponsesSliced(records, options, clock);
  return { subjects, bySubject: new Map(subjects.map((s) => [s.subjectId, s])), study: studyResponse(subjects) };
}

/**
 * The section's view under the options, day 1 and population (docs/clinical-rules.md, Day 1 of the response times;
 * Study rates). Counting from the first dose loads the study drug's exposure (the adverse events name the drug, the
 * medications give its doses), whose records' time and refusals join the view's.
 */
export async function loadTumourResponse(
  study: StudyData,
  options: ResponseOptions,
  settings: Omit<ResponseSettings, "options"> = DEFAULT_SETTINGS,
): Promise<TumourResponseView> {
  const fromDose = settings.dayOne === "first-dose";
  const [group, patients, reports, imaging, exposure, aes, meds] = await Promise.all([
    study.rows("Group"),
    study.rows("Patient"),
    study.rows("DiagnosticReport"),
    study.rows("imaging"),
    fromDose ? loadStudyExposure(study) : null,
    fromDose ? study.rows("AdverseEvent") : null,
    fromDose ? study.rows("MedicationStatement") : null,
  ]);
  const deps: [object, ...object[]] = [reports.value, imaging.value, group.value, patients.value];
  const records = await derivedInSlices("response:records", deps, () =>
    joinResponseRecordsSliced(group.value.rows, patients.value.rows, reports.value.rows, imaging.value.rows),
  );
  const clock: ResponseClock = exposure
    ? { anchor: "first-dose", firstDose: (id) => exposure.bySubject.get(id)?.firstDose ?? null }
    : BASELINE_CLOCK;
  const key = `${options.confirm ? 1 : 0}:${options.minSdDays}:${clock.anchor}`;
  const derivedView = await derivedOfInSlices(
    "response:subjects",
    key,
    exposure ? [...deps, exposure.bySubject] : deps,
    () => deriveResponsesSliced(records, options, clock),
  );
  const loads = { Group: group, Patient: patients, DiagnosticReport: reports, imaging };
  const fellBack = fromDose
    ? derivedView.subjects.filter((s) => s.dayOne?.from === "baseline").map((s) => s.subjectId)
    : [];
  return {
    ...sectionData(aes && meds ? { ...loads, AdverseEvent: aes, MedicationStatement: meds } : loads),
    hasResponseData: reports.value.rows.length > 0 || imaging.value.rows.length > 0,
    assessments: reports.value.rows.length,
    lesions: imaging.value.rows.length,
    options,
    dayOne: { anchor: clock.anchor, fellBack },
    ...derivedView,
    study:
      settings.population === DEFAULT_POPULATION
        ? derivedView.study
        : studyResponse(derivedView.subjects, settings.population),
    counts: records.counts,
    records: records.subjects,
  };
}

// The summary.

/** A subject whose BOR the options change: as signed and as recomputed, from (the defaults') to (the options'). */
export interface OptionChange {
  subjectId: string;
  signed: { from: Response; to: Response } | null;
  recomputed: { from: Response; to: Response } | null;
}

export interface ResponseSummaryView extends TumourResponseView {
  /** Null under the default options; else the evaluable subjects whose BOR they change (none: an empty list). */
  optionChanges: OptionChange[] | null;
}

export const isDefaultOptions = (o: ResponseOptions) => !o.confirm && o.minSdDays === DEFAULT_MIN_SD_DAYS;

/** The options and day 1 at their defaults: the best overall responses are the defaults' (N aside). */
const isDefaultClock = (s: ResponseSettings) => isDefaultOptions(s.options) && s.dayOne === DEFAULT_SETTINGS.dayOne;

/** The evaluable subjects whose BOR differs between `chosen` and `defaults` (the same subjects, in either order). */
export function optionChanges(
  chosen: readonly SubjectResponse[],
  defaults: ReadonlyMap<string, SubjectResponse>,
): OptionChange[] {
  const out: OptionChange[] = [];
  for (const s of chosen) {
    const d = defaults.get(s.subjectId);
    if (!d || s.notEvaluable !== null) continue;
    const change = (source: "signed" | "recomputed") =>
      d[source].bor === s[source].bor ? null : { from: d[source].bor, to: s[source].bor };
    const signed = change("signed");
    const recomputed = change("recomputed");
    if (signed || recomputed) out.push({ subjectId: s.subjectId, signed, recomputed });
  }
  return out;
}

/** The summary under the settings; under options or a day 1 other than the defaults, which BORs they change. */
export async function loadResponseSummary(
  study: StudyData,
  options: ResponseOptions,
  settings: Omit<ResponseSettings, "options"> = DEFAULT_SETTINGS,
): Promise<ResponseSummaryView> {
  const view = await loadTumourResponse(study, options, settings);
  if (isDefaultClock({ options, ...settings }) || !view.hasResponseData) return { ...view, optionChanges: null };
  const defaults = await loadTumourResponse(study, DEFAULT_RESPONSE_OPTIONS);
  return { ...view, optionChanges: optionChanges(view.subjects, defaults.bySubject) };
}

// A subject's response page.

export interface FoundSubject {
  found: true;
  subject: SubjectResponse;
  /** The subject's lesion readings by the key of their assessment. */
  lesions: ReadonlyMap<string, readonly LesionRow[]>;
  /** Study day 1 and what it is; null without a dose of study medication or a dated assessment. */
  reference: StudyDayReference | null;
  options: ResponseOptions;
  /** Day 1 of the response times (the subject's own is on its response). */
  dayOne: TumourResponseView["dayOne"];
}

export interface MissingSubject {
  found: false;
  /** False when the study has no response data at all (not a RECIST 1.1 study). */
  hasResponseData: boolean;
}

export type ResponsePageView = SectionData & (FoundSubject | MissingSubject);

export async function loadResponsePage(
  study: StudyData,
  subjectId: string,
  options: ResponseOptions,
  settings: Omit<ResponseSettings, "options"> = DEFAULT_SETTINGS,
): Promise<ResponsePageView> {
  const [view, aes, meds] = await Promise.all([
    loadTumourResponse(study, options, settings),
    study.rows("AdverseEvent"),
    study.rows("MedicationStatement"),
  ]);
  const more = sectionData({ AdverseEvent: aes, MedicationStatement: meds });
  const data: SectionData = {
    asOf: Math.min(view.asOf, more.asOf),
    loads: [...(view.loads ?? []), ...(more.loads ?? [])],
    rejected: [...view.rejected, ...more.rejected],
  };
  const subject = isSubjectIdShape(subjectId) ? view.bySubject.get(subjectId) : undefined;
  const records = subject ? view.records.get(subjectId) : undefined;
  // In a study without response data every Group member is listed, but has nothing to show.
  if (!view.hasResponseData || !subject || !records)
    return { ...data, found: false, hasResponseData: view.hasResponseData };
  const products = derived("investigational products", [aes.value], () => investigationalProducts(aes.value.rows));
  // The profile's rule; its last choice (the first laboratory collection) applies only without any dated
  // assessment, when no assessment has a study day to show.
  const reference = studyDayReference({
    medications: rowsOf(await bySubject(meds.value), subjectId),
    products,
    assessments: records.assessments,
    labs: [],
  });
  return { ...data, found: true, subject, lesions: records.lesions, reference, options, dayOne: view.dayOne };
}

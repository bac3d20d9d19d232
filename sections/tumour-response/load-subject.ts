/**
 * One subject's tumour response: the subject's response from the section's view (every assessment recomputed
 * beside the signed one, both best overall responses under the URL's options), the subject's lesion readings by
 * assessment, and the subject's study day 1 by the profile's rule (docs/clinical-rules.md, Study medication and
 * study day 1), for which the study's adverse events (the investigational product) and medications are loaded too.
 * A subject the study has no response records of, nor in its Group, is "not found", not an error.
 */

import {
  investigationalProducts,
  type StudyDayReference,
  studyDayReference,
} from "@/lib/clinical/common/study-day-reference";
import type { ResponseOptions } from "@/lib/clinical/response/best-response";
import type { LesionRow } from "@/lib/clinical/response/lesion-rows";
import type { SubjectResponse } from "@/lib/clinical/response/subject-response";
import { bySubject, rowsOf } from "@/lib/study/by-subject";
import { derived } from "@/lib/study/derived";
import { type SectionData, sectionData } from "@/lib/study/section-data";
import type { StudyData } from "@/lib/study/study-rows";
import { loadTumourResponse } from "./load";

/** The longest subject ID the page looks up; a longer one (or one with control characters) is no subject ID. */
export const MAX_SUBJECT_ID = 128;

/** Whether an ID from the address can be a subject ID at all (else the page says so without looking it up). */
export const isSubjectIdShape = (id: string) =>
  id.length > 0 && id.length <= MAX_SUBJECT_ID && ![...id].some((c) => c.charCodeAt(0) < 32 || c === "\u007f");

export interface ResponseSubject {
  found: true;
  subject: SubjectResponse;
  /** The subject's lesion readings by the key of their assessment. */
  lesions: ReadonlyMap<string, readonly LesionRow[]>;
  /** Study day 1 and what it is; null without a dose of study medication or a dated assessment. */
  reference: StudyDayReference | null;
  options: ResponseOptions;
}

export interface ResponseSubjectMissing {
  found: false;
  /** False when the study has no response data at all (not a RECIST 1.1 study). */
  hasResponseData: boolean;
}

export type ResponseSubjectView = SectionData & (ResponseSubject | ResponseSubjectMissing);

export async function loadResponseSubject(
  study: StudyData,
  subjectId: string,
  options: ResponseOptions,
): Promise<ResponseSubjectView> {
  const [view, aes, meds] = await Promise.all([
    loadTumourResponse(study, options),
    study.rows("AdverseEvent"),
    study.rows("MedicationStatement"),
  ]);
  const more = sectionData({ AdverseEvent: aes, MedicationStatement: meds });
  const data: SectionData = { asOf: Math.min(view.asOf, more.asOf), rejected: [...view.rejected, ...more.rejected] };
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
  return { ...data, found: true, subject, lesions: records.lesions, reference, options };
}

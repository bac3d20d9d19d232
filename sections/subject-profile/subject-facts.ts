/**
 * A subject's summary at the top of its profile (docs/clinical-rules.md, The subject's summary): approximate age at
 * the first dose, site from the subject ID, study-drug status, first dose, best overall response (recomputed, and as
 * signed where they differ) and the subject's data-check findings.
 */
import type { SubjectExposure } from "@/lib/clinical/exposure/exposure";
import type { NotEvaluable, SubjectResponse } from "@/lib/clinical/response/subject-response";
import type { Response } from "@/lib/clinical/response/timepoint";

export interface SubjectFacts {
  /** Year of the first dose minus the birth year; null without either. */
  age: number | null;
  /** The site number the subject ID begins with; null when the ID is not numbered so. */
  site: string | null;
  status: string;
  firstDose: string | null;
  /** Null when the study has no response assessments. */
  response: SubjectBor | null;
  /** The subject's data-check findings (docs/clinical-rules.md, Data checks); null: not counted here. */
  findings: number | null;
}

export type SubjectBor =
  | { evaluable: true; recomputed: Response; signed: Response }
  | { evaluable: false; why: NotEvaluable | "no assessment" };

/**
 * The partner numbers subjects `<site>-<number>`: a three-digit site and the subject's four-digit number at the site
 * (docs/partner-service.md, Patient; e.g. 101-0001 is subject 1 of site 101). Any other ID tells no site.
 */
const SITE_NUMBERED = /^(\d{3})-\d{4}$/;

export function siteOf(subjectId: string): string | null {
  return SITE_NUMBERED.exec(subjectId)?.[1] ?? null;
}

/** The age reached in the year of the first dose: only birth years are known, so it may be one year over. */
export function ageAtFirstDose(birthYear: number | null, firstDose: string | null): number | null {
  if (birthYear === null || firstDose === null) return null;
  const age = Number(firstDose.slice(0, 4)) - birthYear;
  return Number.isFinite(age) && age >= 0 ? age : null;
}

/** Where the subject is with the study drug at the data cut (docs/clinical-rules.md, Exposure per subject). */
export function studyDrugStatus(exposure: SubjectExposure | null): string {
  if (exposure === null) return "No study-drug record";
  if (exposure.ongoing) return "On study drug (a study-drug record without an end)";
  return exposure.lastDose === null ? "Off study drug" : `Off study drug since ${exposure.lastDose}`;
}

export function subjectBor(response: SubjectResponse | undefined): SubjectBor {
  if (response === undefined) return { evaluable: false, why: "no assessment" };
  if (response.notEvaluable !== null) return { evaluable: false, why: response.notEvaluable };
  return { evaluable: true, recomputed: response.recomputed.bor, signed: response.signed.bor };
}

interface FactsInput {
  subjectId: string;
  birthYear: number | null;
  exposure: SubjectExposure | null;
  /** The subject's response, undefined when it has none; null when the study has no response assessments. */
  response: SubjectResponse | undefined | null;
  findings: number | null;
}

export function subjectFacts({ subjectId, birthYear, exposure, response, findings }: FactsInput): SubjectFacts {
  const firstDose = exposure?.firstDose ?? null;
  return {
    age: ageAtFirstDose(birthYear, firstDose),
    site: siteOf(subjectId),
    status: studyDrugStatus(exposure),
    firstDose,
    response: response === null ? null : subjectBor(response),
    findings,
  };
}

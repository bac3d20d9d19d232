/**
 * The summary's lists of subjects as table rows: the listing a count opens (each subject with both best overall
 * responses, its best percent change and times), the subjects whose signed and recomputed BORs differ (with the
 * first assessment where the signed conclusion and the recomputed response part), and the subjects left out of N
 * with the reason (docs/clinical-rules.md, Tumour response). Each subject opens its response page.
 */

import { BOR_MEANING } from "@/components/data-table/abbreviations";
import { signedDiffers } from "@/lib/clinical/response/assessment-response";
import { inPopulation, type Population } from "@/lib/clinical/response/population";
import type { SubjectResponse } from "@/lib/clinical/response/subject-response";
import type { DataColumn, DataRow } from "@/lib/tables/types";

const num = "number" as const;

/**
 * Where a subject's links lead, its response page and its profile, each as the texts before and after the subject's
 * part of the address: the tables' columns hold them once and each row only its subject's part (DataColumn.hrefAround;
 * a thousand rows of whole addresses were about a third of the summary's page).
 */
export interface SubjectLinks {
  response: readonly [string, string];
  profile: readonly [string, string];
}

/** The row property holding the subject's part of both its addresses. */
const SUBJECT_PART = "subjectHref";

/** A subject's part of an address: its ID as a path segment. */
const part = (subjectId: string) => encodeURIComponent(subjectId);

/**
 * The columns with the links around each row's one part, `subjectHref`: the subject's response page from its ID,
 * its profile from the "Subject profile" column.
 */
export const linkedColumns = (columns: readonly DataColumn[], links: SubjectLinks): DataColumn[] =>
  columns.map((c) => {
    if (c.href !== SUBJECT_PART) return c;
    return { ...c, hrefAround: c.id === "profile" ? links.profile : links.response };
  });

/** The column of the disease at baseline: the plots' notes link to the list filtered to non-target disease only. */
export const DISEASE_COLUMN = "disease";
export const NON_TARGET_ONLY = "non-target only";

/** What a baseline shows: target lesions (measurable disease), non-target ones only (Table 2), or none. */
export function diseaseText(s: SubjectResponse): string {
  if (!s.baseline) return "";
  if (s.baseline.targets > 0) return "target lesions";
  return s.nonTargetOnly ? NON_TARGET_ONLY : "no lesion";
}

export const SUBJECT_COLUMNS: DataColumn[] = [
  { id: "subject", header: "Subject", href: SUBJECT_PART, priority: "key", nowrap: true },
  { id: "signed", header: "BOR as signed", description: BOR_MEANING, priority: "key", mark: "signedMark" },
  { id: "recomputed", header: "BOR as recomputed", description: BOR_MEANING, priority: "key" },
  { id: "differs", header: "Signed and recomputed", priority: "key" },
  { id: "bestPercent", header: "Best % change from baseline (recomputed)", type: num, priority: "key" },
  { id: "baselineSum", header: "Baseline sum (mm)", type: num },
  { id: "followUps", header: "Assessments after baseline", type: num },
  { id: "timeToResponse", header: "Time to response (days from day 1, recomputed)", type: num },
  { id: "progression", header: "First progression (day since day 1, recomputed)" },
  { id: "timeOnStudy", header: "Time on study (days from day 1)", type: num },
  { id: DISEASE_COLUMN, header: "Disease at baseline" },
  { id: "profile", header: "Subject profile", href: SUBJECT_PART },
];

/** A table cell to one decimal, for a table that sorts numbers (none stays blank). */
export const decimalCell = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10);

/** `day 120 (target, new lesion)`: days since day 1 and what made it progression; "" without one. */
export function progressionText(s: SubjectResponse): string {
  const pd = s.recomputed.progression;
  return pd ? `day ${pd.day} (${s.progressionBy.join(", ")})` : "";
}

export function subjectRows(subjects: readonly SubjectResponse[]): DataRow[] {
  return subjects.map((s) => ({
    subject: s.subjectId,
    subjectHref: part(s.subjectId),
    signed: s.signed.bor,
    // Marked in the cell itself, not only in the column that says whether the two differ.
    signedMark: s.signed.bor === s.recomputed.bor ? null : `differs from recomputed ${s.recomputed.bor}`,
    recomputed: s.recomputed.bor,
    differs: s.signed.bor === s.recomputed.bor ? "= same" : "≠ differs",
    bestPercent: decimalCell(s.bestPercent),
    baselineSum: s.baselineSum,
    followUps: Math.max(0, s.assessments.length - 1),
    timeToResponse: s.recomputed.timeToResponse,
    progression: progressionText(s),
    timeOnStudy: s.timeOnStudy,
    [DISEASE_COLUMN]: diseaseText(s),
    profile: "Open profile",
  }));
}

export const DIFFER_COLUMNS: DataColumn[] = [
  { id: "subject", header: "Subject", href: SUBJECT_PART, nowrap: true },
  { id: "signed", header: "BOR as signed", description: BOR_MEANING },
  { id: "recomputed", header: "BOR as recomputed", description: BOR_MEANING },
  { id: "assessments", header: "Assessments whose signed conclusion differs", type: num },
  { id: "first", header: "First of them" },
];

/** The assessment's name and date, e.g. `Follow-up 2 (2023-06-16)`. */
const assessmentName = (a: SubjectResponse["assessments"][number]) =>
  `${a.row.name ?? a.row.key} (${a.row.date ?? "no date"})`;

export function differRows(subjects: readonly SubjectResponse[]): DataRow[] {
  return subjects.map((s) => {
    const parted = s.assessments.filter(signedDiffers);
    const first = parted[0];
    return {
      subject: s.subjectId,
      subjectHref: part(s.subjectId),
      signed: s.signed.bor,
      recomputed: s.recomputed.bor,
      assessments: parted.length,
      first: first
        ? `${assessmentName(first)}: signed ${first.row.conclusion ?? "(none)"}, recomputed ${first.overall}`
        : "",
    };
  });
}

export const LEFT_OUT_COLUMNS: DataColumn[] = [
  { id: "subject", header: "Subject", href: SUBJECT_PART, nowrap: true },
  { id: "reason", header: "Why not evaluable" },
  { id: "assessments", header: "Response assessments received", type: num },
  { id: "profile", header: "Subject profile", href: SUBJECT_PART },
];

/** The subjects not in N (the population's), with the reason they are not evaluable. */
export function leftOutRows(subjects: readonly SubjectResponse[], population: Population = "evaluable"): DataRow[] {
  return subjects
    .filter((s) => !inPopulation(s, population))
    .map((s) => ({
      subject: s.subjectId,
      subjectHref: part(s.subjectId),
      reason: s.notEvaluable,
      assessments: s.assessments.length + s.beforeBaseline.length + s.undated.length,
      profile: "Open profile",
    }));
}

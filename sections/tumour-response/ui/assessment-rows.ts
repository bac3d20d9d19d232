/**
 * A subject's response assessments as table rows, in date order (docs/clinical-rules.md, Tumour response): the
 * values as reported beside those the portal recomputes from the lesions, the study day (day 1 by the profile's
 * rule, no day 0) and the days since baseline (baseline day 0), and flags in words wherever the two disagree or an
 * assessment is not used. Assessments dated before the baseline come first, those without a date last.
 */

import { type AssessmentResponse, reportedChangeMm, signedDiffers } from "@/lib/clinical/response/assessment-response";
import type { AssessmentRow } from "@/lib/clinical/response/assessments";
import type { SubjectResponse } from "@/lib/clinical/response/subject-response";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { dayOf } from "@/sections/frame/record-rows";
import { assessmentAnchor } from "../addresses";
import { decimalCell } from "./subject-rows";

/** Reported and recomputed millimetres differ when they are more than this apart (the reports round to 0.1 mm). */
export const MM_TOLERANCE = 0.1;

const num = "number" as const;

export const ASSESSMENT_COLUMNS: DataColumn[] = [
  { id: "key", header: "Assessment ID" },
  { id: "date", header: "Date" },
  { id: "studyDay", header: "Study day", type: num },
  { id: "day", header: "Days since baseline", type: num },
  { id: "name", header: "Timepoint" },
  { id: "sumReported", header: "Target sum reported (mm)", type: num },
  { id: "sumRecomputed", header: "Target sum recomputed (mm)", type: num },
  { id: "baseReported", header: "Change from baseline reported" },
  { id: "baseRecomputed", header: "Change from baseline recomputed (mm)", type: num },
  { id: "basePercent", header: "% change from baseline (recomputed)", type: num },
  { id: "prevReported", header: "Change from previous reported" },
  { id: "prevRecomputed", header: "Change from previous recomputed (mm)", type: num },
  { id: "nadir", header: "Nadir before (mm, recomputed)", type: num },
  { id: "nadirReported", header: "Change from nadir reported" },
  { id: "nadirRecomputed", header: "Change from nadir recomputed (mm)", type: num },
  { id: "nadirPercent", header: "% change from nadir (recomputed)", type: num },
  { id: "target", header: "Target response" },
  { id: "nonTarget", header: "Non-target response" },
  { id: "newLesions", header: "New lesions" },
  { id: "overall", header: "Overall response (recomputed)" },
  { id: "signed", header: "Conclusion as signed", mark: "signedMark" },
  { id: "flags", header: "Flags" },
];

/** Whether a reported and a recomputed value disagree: one known and not the other, or more than 0.1 mm apart. */
export function mmDiffer(reported: number | null, recomputed: number | null): boolean {
  if (reported === null || recomputed === null) return reported !== recomputed;
  return Math.abs(reported - recomputed) > MM_TOLERANCE + 1e-9;
}

const mm = (x: number | null) => (x === null ? "none" : `${x} mm`);

/**
 * The flags of an assessment after baseline, in words (`≠` marks a disagreement). Without any target (`noTargets`:
 * none at baseline nor at the assessment) there is no sum: a reported sum or change of 0 mm is as good as none, as
 * the data checks read it (docs/clinical-rules.md, Reported values against the recomputed ones).
 */
export function assessmentFlags(a: AssessmentResponse, counted: boolean, noTargets = false): string[] {
  const flags: string[] = [];
  const differ = (reported: number | null, recomputed: number | null) =>
    mmDiffer(reported, recomputed) && !(noTargets && (reported === null || reported === 0));
  if (!a.baseline && !counted) flags.push("after the first progression (recomputed): not counted in the BOR");
  if (differ(a.row.targetSum, a.sum))
    flags.push(`≠ target sum: reported ${mm(a.row.targetSum)}, recomputed ${mm(a.sum)}`);
  if (!a.baseline) {
    const changes = [
      ["from baseline", a.row.changeFromBaseline, a.changeFromBaseline],
      ["from previous", a.row.changeFromPrevious, a.changeFromPrevious],
      ["from nadir", a.row.changeFromNadir, a.changeFromNadir],
    ] as const;
    for (const [what, text, recomputed] of changes)
      if (differ(reportedChangeMm(text), recomputed))
        flags.push(`≠ change ${what}: reported ${text ?? "none"}, recomputed ${mm(recomputed)}`);
    if (signedDiffers(a))
      flags.push(`≠ conclusion: signed ${a.row.conclusion ?? "none"} (${a.signed ?? "NE"}), recomputed ${a.overall}`);
  }
  if (a.missingTargets.length) flags.push(`baseline targets not read: ${a.missingTargets.join(", ")}`);
  if (a.missingNonTargets.length) flags.push(`baseline non-targets not read: ${a.missingNonTargets.join(", ")}`);
  return flags;
}

/** The signed conclusion's mark where it differs from the recomputed response, after baseline (as the flags say). */
export const signedMark = (a: AssessmentResponse) => (signedDiffers(a) ? `differs from recomputed ${a.overall}` : null);

const newLesionText = (a: AssessmentResponse) =>
  a.baseline ? null : a.newLesions > 0 ? `Yes (${a.newLesions})` : "No";

function recomputedRow(
  a: AssessmentResponse,
  counted: boolean,
  studyDay: (d: string | null) => number | null,
  noTargetDisease: boolean,
) {
  return {
    ...reportedRow(a.row, studyDay),
    day: a.day,
    sumRecomputed: a.sum,
    baseRecomputed: a.changeFromBaseline,
    basePercent: decimalCell(a.percentFromBaseline),
    prevRecomputed: a.changeFromPrevious,
    nadir: a.nadir,
    nadirRecomputed: a.changeFromNadir,
    nadirPercent: decimalCell(a.percentFromNadir),
    target: a.target,
    nonTarget: a.nonTarget,
    newLesions: newLesionText(a),
    overall: a.overall,
    signedMark: signedMark(a),
    flags: assessmentFlags(a, counted, noTargetDisease && a.targets === 0 && a.sum === null).join("; ") || null,
  };
}

/** What the partner sent, without anything recomputed (an assessment that is not used). */
function reportedRow(row: AssessmentRow, studyDay: (d: string | null) => number | null): DataRow {
  return {
    key: row.key,
    // The row's element ID (the table's rowId): the lesion chart's points and data table link to it.
    anchor: assessmentAnchor(row.key),
    date: row.date,
    studyDay: studyDay(row.date),
    day: null,
    name: row.name,
    sumReported: row.targetSum,
    sumRecomputed: null,
    baseReported: row.changeFromBaseline,
    baseRecomputed: null,
    basePercent: null,
    prevReported: row.changeFromPrevious,
    prevRecomputed: null,
    nadir: null,
    nadirReported: row.changeFromNadir,
    nadirRecomputed: null,
    nadirPercent: null,
    target: null,
    nonTarget: null,
    newLesions: null,
    overall: null,
    signed: row.conclusion,
    signedMark: null,
    flags: null,
  };
}

/** Every assessment of the subject; `reference` is study day 1 (null: no study days). */
export function assessmentRows(s: SubjectResponse, reference: string | null): DataRow[] {
  const studyDay = dayOf(reference);
  const setAside = (row: AssessmentRow, why: string) => ({ ...reportedRow(row, studyDay), flags: why });
  return [
    ...s.beforeBaseline.map((r) =>
      setAside(r, s.baseline ? "dated before the baseline: not used" : "the subject has no baseline: not used"),
    ),
    // Assessments after baseline count for the BOR up to and including the first recomputed progression.
    ...s.assessments.map((a, i) => recomputedRow(a, i <= s.recomputed.counted, studyDay, s.baseline?.targets === 0)),
    ...s.undated.map((r) => setAside(r, "no readable date: not used")),
  ];
}

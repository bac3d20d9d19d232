/**
 * The rows of the subject profile's tables (sections/subject-profile/tables.ts), with study
 * days counted from the subject's day 1 (lib/clinical/common/dates.ts: no day 0).
 * Values the record lacks stay blank, except a missing dose ("not recorded")
 * and a missing end ("ongoing" or "not recorded"), which are said in words.
 */
import type { AdverseEventRow } from "@/lib/clinical/adverse-events/rows";
import { daysBetween, studyDay } from "@/lib/clinical/common/dates";
import { isStudyMedication } from "@/lib/clinical/exposure/study-drug";
import type { MedicationRow } from "@/lib/clinical/medications/rows";
import { isOpenEnded } from "@/lib/clinical/medications/summary";
import type { AssessmentRow } from "@/lib/clinical/response/assessments";
import type { DataRow } from "@/lib/tables/types";

const unreadable = (sent: string | null) => (sent === null ? null : `unreadable: ${sent}`);
const yesNo = (v: boolean | null) => (v === null ? null : v ? "Yes" : "No");

/** Study days against day 1 (null without a day 1 or a date). */
export const dayOf = (reference: string | null) => (date: string | null) =>
  reference === null || date === null ? null : studyDay(date, reference);

export function aeRows(rows: readonly AdverseEventRow[], reference: string | null): DataRow[] {
  const day = dayOf(reference);
  return rows.map((a) => {
    const backwards = a.start !== null && a.end !== null && daysBetween(a.start, a.end) < 0;
    const flags = [backwards ? "ends before it starts" : "", a.grade === null ? "grade missing" : ""];
    return {
      key: a.key,
      term: a.term,
      grade: a.grade,
      ctcaeVersion: a.ctcaeVersion,
      start: a.start,
      startDay: day(a.start),
      end: a.end ?? (a.ongoing ? "ongoing" : null),
      endDay: day(a.end),
      // Inclusive: an event that starts and ends on one day lasts 1 day.
      duration: a.start !== null && a.end !== null && !backwards ? daysBetween(a.start, a.end) + 1 : null,
      ongoing: yesNo(a.ongoing),
      outcome: a.outcome,
      causality: a.causality,
      suspectProduct: a.suspectProduct,
      verified: yesNo(a.verified),
      flags: flags.filter(Boolean).join("; ") || null,
    };
  });
}

export function medicationRows(
  rows: readonly MedicationRow[],
  products: readonly string[],
  reference: string | null,
): DataRow[] {
  const day = dayOf(reference);
  return rows.map((m) => ({
    // Not a column: the record's key, which its review mark names (docs/review.md).
    id: m.id,
    drug: m.drug,
    study: isStudyMedication(m, products) ? "Yes" : "No",
    dose: m.dose === null ? "not recorded" : m.dose,
    doseUnit: m.doseUnit,
    route: m.route,
    method: m.method,
    directions: m.directions,
    start: m.start ?? unreadable(m.unreadableStart),
    startDay: day(m.start),
    // Only an end that was not sent is open (docs/clinical-rules.md, Medications); an unreadable one is shown as sent.
    end: m.end ?? (isOpenEnded(m) ? "ongoing" : unreadable(m.unreadableEnd)),
    endDay: day(m.end),
    sourceType: m.sourceType,
  }));
}

export function assessmentRows(rows: readonly AssessmentRow[], reference: string | null): DataRow[] {
  const day = dayOf(reference);
  return rows.map((a) => ({
    key: a.key,
    date: a.date,
    studyDay: day(a.date),
    name: a.name,
    targetSum: a.targetSum,
    unit: a.unit,
    changeFromBaseline: a.changeFromBaseline,
    conclusion: a.conclusion,
  }));
}

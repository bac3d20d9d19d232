/**
 * DiagnosticReport records (one RECIST response assessment each) as the rows
 * the cache keeps (docs/partner-service.md, DiagnosticReport): the key and
 * subject the subject list counts by, and what a subject's profile lists,
 * the date, timepoint, target sum, changes and the conclusion exactly as
 * signed. Nothing is recomputed here: the conclusion is the partner's.
 */
import type { DiagnosticReportResource } from "@/partner-api/resources";
import { calendarDate } from "../common/dates";
import { extensionText, type Intern, noIntern } from "../common/fhir";
import { assessmentRecord, type SubjectRecord } from "../subjects/counts";

export interface AssessmentRow extends SubjectRecord {
  /** The `#AssessmentId` identifier, e.g. `A-004002`. */
  key: string;
  /** Calendar date `YYYY-MM-DD` of `effectiveDateTime`; null when missing or unreadable. */
  date: string | null;
  /** The timepoint's name (`Baseline`, `Follow-up 3`). */
  name: string | null;
  /** The timepoint's number, 0 at baseline. */
  timepoint: number | null;
  /** The target sum (`#CurrentValue`) and its unit; null when the assessment has no sum. */
  targetSum: number | null;
  unit: string | null;
  /** Change texts as the partner wrote them (`-12.5 mm`, `0 mm`, `--`). */
  changeFromBaseline: string | null;
  changeFromPrevious: string | null;
  changeFromNadir: string | null;
  /** The signed response, as sent (`Partial Response`, `Undefined` at baseline...). */
  conclusion: string | null;
  /**
   * When the served revision was signed (`#RevisionDate`, as sent): a newly signed revision of the same assessment
   * changes it, whatever else it changes.
   */
  revisionDate: string | null;
}

export function assessmentRow(dr: DiagnosticReportResource, intern: Intern = noIntern): AssessmentRow {
  const ext = (name: string) => extensionText(dr.extension, name);
  const text = (s: string | undefined) => (s === undefined || s.trim() === "" ? null : intern(s.trim()));
  return {
    ...assessmentRecord(dr, intern),
    date: calendarDate(dr.effectiveDateTime),
    name: text(ext("Name")),
    timepoint: wholeNumber(ext("Timepoint")),
    targetSum: finiteNumber(ext("CurrentValue")),
    unit: text(ext("Unit")),
    changeFromBaseline: text(ext("ChangeFromBaseline")),
    changeFromPrevious: text(ext("ChangeFromPrevious")),
    changeFromNadir: text(ext("ChangeFromNadir")),
    conclusion: text(dr.conclusion),
    revisionDate: text(ext("RevisionDate")),
  };
}

function finiteNumber(text: string | undefined): number | null {
  if (text === undefined) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

function wholeNumber(text: string | undefined): number | null {
  const n = finiteNumber(text);
  return n !== null && Number.isInteger(n) ? n : null;
}

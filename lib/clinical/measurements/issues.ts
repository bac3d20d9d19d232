/**
 * What the data notes of the laboratory and vital-sign sections count, as filters of a study's results: each note's
 * count opens the listing of exactly the records it counts (docs/clinical-rules.md, Laboratory listing and Vital
 * signs, Data notes). The predicates are those the counts are made with (lib/clinical/laboratory/overview.ts,
 * lib/clinical/vital-signs/study.ts); only whether a collection date is readable differs between the two sections, so
 * the section says it.
 */

import { hasBounds, parseReferenceRange } from "../laboratory/reference-range";
import type { MeasurementRow } from "./rows";

export const MEASUREMENT_ISSUES = [
  "no-unit",
  "text",
  "free-range",
  "no-range",
  "no-date",
  "no-subject",
  "no-visit",
  "no-result",
] as const;
export type MeasurementIssue = (typeof MEASUREMENT_ISSUES)[number];

/** What a listing of an issue's records is called. */
export const ISSUE_TITLE: Record<MeasurementIssue, string> = {
  "no-unit": "Numeric results without a unit",
  text: "Text results",
  "free-range": "Numeric results whose reference range gives no bound (free text)",
  "no-range": "Numeric results without a reference range",
  "no-date": "Results without a readable collection date",
  "no-subject": "Results without a subject",
  "no-visit": "Results without a visit",
  "no-result": "Results with neither a value nor a text",
};

/** The issue a URL names, or null for anything else (the value is never repeated back). */
export function parseIssue(value: string | null): MeasurementIssue | null {
  return MEASUREMENT_ISSUES.find((i) => i === value) ?? null;
}

type Row = Pick<MeasurementRow, "value" | "text" | "unit" | "range" | "subjectId" | "visit" | "collectedAt">;

/** Whether a row has the issue; `dated` is the section's reading of a collection date. */
export function hasIssue(row: Row, issue: MeasurementIssue, dated: (row: Row) => boolean): boolean {
  switch (issue) {
    case "no-unit":
      return row.value !== null && row.unit === null;
    case "text":
      return row.value === null && row.text !== null;
    case "free-range":
      return row.value !== null && row.range !== null && !hasBounds(parseReferenceRange(row.range));
    case "no-range":
      return row.value !== null && row.range === null;
    case "no-date":
      return !dated(row);
    case "no-subject":
      return row.subjectId === null;
    case "no-visit":
      return row.visit === null;
    case "no-result":
      return row.value === null && row.text === null;
  }
}

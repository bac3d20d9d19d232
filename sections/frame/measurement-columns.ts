/**
 * The listing of laboratory or vital-sign results (./MeasurementTable.tsx) as its page shows it and its export
 * writes it: each subject opens the subject's profile; the reference range is shown as sent, next to the flag read
 * from it; the variables are those of the SDTM LB domain, VS for vital signs (docs/exports.md).
 */

import { displayDateTime } from "@/lib/clinical/common/date-time";
import { displayUnit, unitOrNone } from "@/lib/clinical/common/units";
import { hasBounds, parseReferenceRange, rangeFlag } from "@/lib/clinical/laboratory/reference-range";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import type { TableColumn } from "@/lib/tables/server-table";
import type { TableDef } from "@/lib/tables/table-def";
import { subjectHref } from "./addresses";

export const RESULTS_PAGE_SIZES = [25, 50, 100];
export const RESULTS_PREFIX = "res.";

/** The flag of a result as the listing shows it: L, N or H, or why there is none. */
export function flagText(row: Pick<MeasurementRow, "value" | "range">): string {
  if (row.value === null) return "";
  if (row.range === null) return "no range";
  const range = parseReferenceRange(row.range);
  return hasBounds(range) ? (rangeFlag(row.value, range) ?? "") : "range is text";
}

function columns(studyHref: string, testHeader: string): TableColumn<MeasurementRow>[] {
  // Vital signs ("Item") are the SDTM VS domain, laboratory results LB; VS has no reference-range indicator.
  const d = testHeader === "Item" ? "VS" : "LB";
  return [
    {
      id: "subject",
      header: "Subject",
      variable: "SUBJID",
      value: (r) => r.subjectId,
      link: (r) => r.subjectId && subjectHref(studyHref, r.subjectId),
      priority: "key",
      nowrap: true,
    },
    { id: "visit", header: "Visit", variable: "VISIT", value: (r) => r.visit, priority: "key" },
    // The site's wall-clock time as the partner sent it, without an offset (docs/design.md, Dates and times).
    {
      id: "collected",
      header: "Collected (site time)",
      variable: `${d}DTC`,
      value: (r) => displayDateTime(r.collectedAt),
    },
    { id: "test", header: testHeader, variable: `${d}TEST`, value: (r) => r.test, priority: "key" },
    { id: "value", header: "Value", variable: `${d}ORRES`, type: "number", value: (r) => r.value, priority: "key" },
    { id: "text", header: "Text result", variable: `${d}ORRES`, value: (r) => r.text, priority: "key" },
    {
      id: "unit",
      header: "Unit",
      variable: `${d}ORRESU`,
      // As a laboratory report writes it (10⁹/L); the SDTM export pack keeps the partner's text (docs/exports.md).
      value: (r) => (r.value === null ? r.unit && displayUnit(r.unit) : unitOrNone(r.unit)),
      priority: "key",
    },
    { id: "range", header: "Reference range (as sent)", value: (r) => r.range },
    { id: "flag", header: "Flag", variable: d === "LB" ? "LBNRIND" : undefined, value: flagText, priority: "key" },
  ];
}

/** The listing of these results; "Test" names the test column, or "Item" for vital signs. */
export function measurementDef(
  rows: readonly MeasurementRow[],
  studyHref: string,
  testHeader = "Test",
): TableDef<MeasurementRow> {
  const cols = columns(studyHref, testHeader);
  return {
    columns: cols,
    rows,
    state: { columns: cols.map((c) => c.id), pageSizes: RESULTS_PAGE_SIZES, prefix: RESULTS_PREFIX },
    records: { recordType: testHeader === "Item" ? "vital-signs" : "laboratory", key: (r) => r.id },
  };
}

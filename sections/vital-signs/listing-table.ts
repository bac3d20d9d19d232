/**
 * The columns of the vital-signs listing, read from the cached rows on the
 * server (lib/tables/server-table.ts): the subject leads to its profile, the
 * result is the number (or, for a text group, the text), and the flag is
 * the result against its own record's range, blank where it has none.
 */
import { calendarDate } from "@/lib/clinical/common/dates";
import { resultFlag } from "@/lib/clinical/laboratory/reference-range";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import type { VitalKind } from "@/lib/clinical/vital-signs/groups";
import type { TableColumn } from "@/lib/tables/server-table";
import { subjectColumn } from "@/sections/frame/subject-column";

export const NO_VISIT = "(no visit)";
export const NO_RESULT = "(no result)";

export function vitalListingColumns(kind: VitalKind, studyHref: string): TableColumn<MeasurementRow>[] {
  return [
    subjectColumn(studyHref),
    { id: "item", header: "Item", variable: "VSTEST", value: (r) => r.test },
    { id: "visit", header: "Visit", variable: "VISIT", value: (r) => r.visit ?? NO_VISIT },
    // The partner's date as a calendar date; a date that cannot be read is shown as sent.
    { id: "date", header: "Date", variable: "VSDTC", value: (r) => calendarDate(r.collectedAt) ?? r.collectedAt },
    kind === "number"
      ? { id: "result", header: "Value", variable: "VSORRES", type: "number", value: (r) => r.value }
      : { id: "result", header: "Result (text)", variable: "VSORRES", value: (r) => r.text ?? NO_RESULT },
    { id: "unit", header: "Unit", variable: "VSORRESU", value: (r) => r.unit },
    { id: "range", header: "Reference range", value: (r) => r.range },
    { id: "flag", header: "Flag (L/N/H)", value: (r) => resultFlag(r.value, r.range) },
  ];
}

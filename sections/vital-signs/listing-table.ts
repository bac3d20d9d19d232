/**
 * The listing of the chosen group's records (./tables.ts): its columns, whether the summary counts each record, and
 * the exact filters a summary's count chose, in words.
 */

import { calendarDate } from "@/lib/clinical/common/dates";
import { displayUnit } from "@/lib/clinical/common/units";
import { resultFlag } from "@/lib/clinical/laboratory/reference-range";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import type { LeftOutReason } from "@/lib/clinical/vital-signs/readings";
import type { VitalGroupSummary } from "@/lib/clinical/vital-signs/study";
import type { TableColumn } from "@/lib/tables/server-table";
import type { TableDef } from "@/lib/tables/table-def";
import { DEFAULT_PAGE_SIZES } from "@/lib/tables/url-state";
import { subjectColumn } from "@/sections/frame/subject-column";
import { atVisit } from "@/sections/frame/visit-listing";
import type { VitalSignsView } from "./load";
import { LISTING_PREFIX } from "./query";
import { NO_RESULT, NO_VISIT } from "./tables";

/** The listing's words for a record the summary counts, and for one it leaves out. */
export const COUNTED = "yes";
export const LEFT_OUT: Record<LeftOutReason, string> = {
  "earlier reading": "no: a later reading of the subject at this visit is counted",
  "no subject": "no: names no subject",
};

const inSummary = (why: LeftOutReason | undefined) => (why === undefined ? COUNTED : LEFT_OUT[why]);

/**
 * The listing's columns, read from the cached rows on the server (lib/tables/server-table.ts): the subject leads
 * to its profile, the result is the number (or, for a text group, the text), and the flag is the result against
 * its own record's range, blank where it has none. A numeric group holds one unit, which its value's header says
 * once ("Value (mmHg)"); a text group's records keep a unit column of their own (docs/clinical-rules.md, Units).
 */
function vitalListingColumns(
  g: Pick<VitalGroupSummary, "kind" | "unit">,
  studyHref: string,
  leftOut: ReadonlyMap<MeasurementRow, LeftOutReason>,
): TableColumn<MeasurementRow>[] {
  return [
    subjectColumn(studyHref),
    { id: "item", header: "Item", variable: "VSTEST", value: (r) => r.test },
    { id: "visit", header: "Visit", variable: "VISIT", value: (r) => r.visit ?? NO_VISIT },
    // The partner's date as a calendar date; a date that cannot be read is shown as sent.
    { id: "date", header: "Date", variable: "VSDTC", value: (r) => calendarDate(r.collectedAt) ?? r.collectedAt },
    ...resultColumns(g),
    { id: "range", header: "Reference range", value: (r) => r.range },
    { id: "flag", header: "Flag (L/N/H)", value: (r) => resultFlag(r.value, r.range) },
    { id: "counted", header: "In the summary", value: (r) => inSummary(leftOut.get(r)) },
  ];
}

/** The number under its group's one unit ("Value (mmHg)"), or the text with each record's unit. */
function resultColumns(g: Pick<VitalGroupSummary, "kind" | "unit">): TableColumn<MeasurementRow>[] {
  if (g.kind === "number") {
    const unit = g.unit === null ? "no unit" : displayUnit(g.unit);
    return [{ id: "result", header: `Value (${unit})`, variable: "VSORRES", type: "number", value: (r) => r.value }];
  }
  return [
    { id: "result", header: "Result (text)", variable: "VSORRES", value: (r) => r.text ?? NO_RESULT },
    { id: "unit", header: "Unit", variable: "VSORRESU", value: (r) => r.unit && displayUnit(r.unit) },
  ];
}

export function vitalListingDef(
  view: VitalSignsView,
  g: VitalGroupSummary,
  studyHref: string,
): TableDef<MeasurementRow> {
  const columns = vitalListingColumns(g, studyHref, g.leftOut);
  const state = { columns: columns.map((c) => c.id), pageSizes: [...DEFAULT_PAGE_SIZES], prefix: LISTING_PREFIX };
  return { columns, rows: view.listing, state, records: { recordType: "vital-signs", key: (r) => r.id } };
}

/** The listing's exact filters in words: "of visit Week 2", "of result "normal"". */
export function listingNarrowing(filter: VitalSignsView["filter"]): string[] {
  const { visit, value, ranged, counted } = filter;
  return [
    visit !== undefined ? `of visit ${visit ?? NO_VISIT}` : null,
    value !== undefined ? `of result "${value ?? NO_RESULT}"` : null,
    ranged ? "with a reference range that has a bound (flagged L, N or H)" : null,
    counted === true ? "that the summary counts (one reading per subject and visit)" : null,
    counted === false ? "that the summary leaves out" : null,
  ].filter((x) => x !== null);
}

/** The listing's caption, which its export's title repeats. */
export const vitalListingCaption = (label: string, study: string) => `${label} records of study ${study}`;

/** What the listing of a data note's records holds, which its caption and its export's title say. */
export const issueListingOf = (study: string) => `vital signs of study ${study}, every item`;

/** The caption of every item's records at one visit (null: without a visit), which its export's title repeats. */
export const visitListingCaption = (study: string, visit: string | null) =>
  `Vital signs of study ${study} ${atVisit(visit)}, every item`;

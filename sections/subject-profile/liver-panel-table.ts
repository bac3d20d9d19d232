/**
 * The liver panel's data (./ui/LiverPanelChart.tsx), one click away, as the page shows it and its export writes it:
 * a row per plotted result (its study day and collection time, visit, test, result as sent, unit, the ULN it was
 * divided by and its ×ULN) and a row per adverse-event onset marked on the time axis; and its notes, which count
 * what it leaves out (docs/clinical-rules.md, Trends of one subject). No imports of React: the chart, a client
 * component, and the server's export share it.
 */

import { chartTable } from "@/components/charts/chart-table";
import { ULN_MEANING } from "@/components/data-table/abbreviations";
import type { AeOnset } from "@/lib/clinical/adverse-events/onsets";
import { displayDateTime } from "@/lib/clinical/common/date-time";
import { unitOrNone } from "@/lib/clinical/common/units";
import { LIVER_PANEL_NAME, type LiverPanel, PANEL_LABEL, PANEL_TESTS } from "@/lib/clinical/liver/liver-panel";
import type { PlainTable } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { dayOf } from "@/sections/frame/record-rows";
import { plural } from "@/sections/frame/ui/notices";
import { TREND_CHART } from "./query";
import { AE_SERIES } from "./trend-table";

export const LIVER_PANEL_COLUMNS: DataColumn[] = [
  { id: "studyDay", header: "Study day", type: "number" },
  // The site's time as sent, without an offset (docs/design.md, Dates and times).
  { id: "collectedAt", header: "Collected (site time) or AE start" },
  { id: "visit", header: "Visit" },
  { id: "test", header: "Test" },
  { id: "result", header: "Result", type: "number" },
  { id: "unit", header: "Unit" },
  { id: "uln", header: "ULN", type: "number" },
  { id: "timesUln", header: "×ULN", type: "number", description: ULN_MEANING },
  { id: "event", header: "Adverse event" },
  { id: "record", header: "Record" },
];

/**
 * The rows, a test's results after the other's in the panel's order, each in time order; `dayOne` is the subject's
 * study day 1 (the timeline's; null: none, and no study days).
 */
export function liverPanelRows(panel: LiverPanel, onsets: readonly AeOnset[], dayOne: string | null): DataRow[] {
  const day = dayOf(dayOne);
  const rows: DataRow[] = [];
  for (const s of panel.series)
    for (const p of s.points)
      rows.push({
        studyDay: day(p.collectedAt),
        collectedAt: displayDateTime(p.collectedAt),
        visit: p.visit,
        test: s.label,
        result: p.raw,
        unit: p.unit === null ? null : unitOrNone(p.unit),
        uln: p.uln,
        timesUln: p.value,
        event: null,
        record: p.id,
      });
  for (const o of onsets)
    rows.push({
      studyDay: day(o.start),
      collectedAt: displayDateTime(o.start),
      visit: null,
      test: AE_SERIES,
      result: null,
      unit: null,
      uln: null,
      timesUln: null,
      event: `${o.term}${o.grade === null ? ", grade missing" : `, grade ${o.grade}`}`,
      record: o.key,
    });
  return rows;
}

export const liverPanelTitle = (subject: string) => `${LIVER_PANEL_NAME} of subject ${subject}, × ULN`;

/** The chart's data table: every plotted result and onset, each with its study day from `dayOne` (null: none). */
export function liverPanelTable(
  panel: LiverPanel,
  onsets: readonly AeOnset[],
  subject: string,
  dayOne: string | null,
): PlainTable {
  return chartTable(TREND_CHART, liverPanelTitle(subject), LIVER_PANEL_COLUMNS, liverPanelRows(panel, onsets, dayOne));
}

const are = (n: number) => (n === 1 ? "is" : "are");

/** What the panel leaves out, by reason, with how many records; results without a ULN by test. */
export function liverPanelNotes(panel: LiverPanel, aeWithoutStart: number): string[] {
  const { text, noValue, noTime, noUln } = panel.excluded;
  const left = (n: number, what: string, why: string) =>
    `${plural(n, what)} of the liver tests ${are(n)} left out of the panel: ${why}.`;
  const byTest = PANEL_TESTS.filter((t) => panel.noUlnByTest[t] > 0)
    .map((t) => `${PANEL_LABEL[t]} ${panel.noUlnByTest[t]}`)
    .join(", ");
  const notes: string[] = [];
  if (noUln)
    notes.push(
      left(noUln, "result", `no upper limit in the record's range to divide by (${byTest}); its test's trend shows it`),
    );
  if (text) notes.push(left(text, "text result", "text cannot be plotted"));
  if (noValue) notes.push(left(noValue, "result", "no value"));
  if (noTime) notes.push(left(noTime, "result", "no readable collection time"));
  const has = aeWithoutStart === 1 ? "has" : "have";
  if (aeWithoutStart)
    notes.push(`${plural(aeWithoutStart, "adverse event")} ${has} no start date and cannot be marked.`);
  return notes;
}

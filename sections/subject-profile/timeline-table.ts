/**
 * The timeline's plotted items (./ui/SubjectTimeline.tsx) and its data table, exactly the plotted items, as the page
 * shows it and its export writes it; each response assessment with its signed conclusion against the response
 * recomputed at it, where the study has one (./assessment-checks.ts). No imports of React: the chart, a client
 * component, builds its data table from the same function as the server's export.
 */

import { chartTable } from "@/components/charts/chart-table";
import { labGrid } from "@/lib/clinical/laboratory/grid";
import type { PlainTable } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import type { SubjectProfile } from "./load";
import { TIMELINE_CHART } from "./query";
import { ofDayOne } from "./subject-memo";
import { laneNames, timelineItems } from "./ui/timeline-items";
import type { TimelineItem } from "./ui/timeline-targets";

export const TIMELINE_TITLE = "Timeline in study days";

/** The timeline's items and lanes, once per subject; null without a timeline (no dated record). */
export function timelineOf(view: SubjectProfile): { items: TimelineItem[]; lanes: string[] } | null {
  const { timeline } = view;
  if (!view.reference || !timeline) return null;
  return {
    items: view.memo(ofDayOne(view, "timeline items"), () =>
      // The grid as the laboratory section below has it (one memo): a laboratory visit opens its column there.
      // The view's assessment checks come with it.
      timelineItems(timeline, { ...view, gridColumns: view.memo("lab grid", () => labGrid(view.labs)).columns }),
    ),
    lanes: view.memo(ofDayOne(view, "timeline lanes"), () => laneNames(timeline)),
  };
}

const TIMELINE_COLUMNS: DataColumn[] = [
  { id: "lane", header: "Lane" },
  { id: "series", header: "Series" },
  { id: "label", header: "Label" },
  { id: "record", header: "Record" },
  { id: "startDay", header: "Start day", type: "number" },
  { id: "endDay", header: "End day", type: "number" },
  { id: "ending", header: "End" },
  { id: "from", header: "Drawn from day", type: "number" },
  { id: "to", header: "Drawn to day", type: "number" },
];

/** Where the study's assessments were recomputed: the signed conclusion against the recomputed response. */
const CHECK_COLUMN: DataColumn = { id: "check", header: "Signed against recomputed (RECIST 1.1)" };

/** The timeline's data table: exactly the plotted items. */
export function timelineTable(items: TimelineItem[], lanes: string[]): PlainTable {
  const checked = items.some((it) => it.check !== undefined);
  const rows: DataRow[] = items.map((it) => ({
    lane: lanes[it.lane],
    series: it.series,
    label: it.label,
    record: it.record,
    startDay: it.startDay,
    endDay: it.endDay,
    ending: it.ending,
    from: it.from,
    to: it.to,
    ...(checked ? { check: it.check ?? null } : {}),
  }));
  const columns = checked ? [...TIMELINE_COLUMNS, CHECK_COLUMN] : TIMELINE_COLUMNS;
  return chartTable(TIMELINE_CHART, TIMELINE_TITLE, columns, rows);
}

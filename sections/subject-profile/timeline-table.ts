/** The timeline's data table (./SubjectTimeline.tsx): exactly the plotted items; a plain module for the chart. */

import { chartTable } from "@/components/charts/chart-table";
import type { PlainTable } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import type { TimelineItem } from "./ui/timeline-targets";

export const TIMELINE_ID = "timeline";
export const TIMELINE_TITLE = "Timeline in study days";

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

/** The timeline's data table: exactly the plotted items. */
export function timelineTable(items: TimelineItem[], lanes: string[]): PlainTable {
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
  }));
  return chartTable(TIMELINE_ID, TIMELINE_TITLE, TIMELINE_COLUMNS, rows);
}

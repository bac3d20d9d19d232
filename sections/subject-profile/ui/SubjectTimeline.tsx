"use client";
/**
 * The subject's timeline in study days: one lane per adverse-event term and
 * per medication, then response assessments and laboratory visits. Each
 * legend series is one recharts Scatter whose points are drawn by
 * TimelineShape (bars from start to end, or markers). Hover shows the
 * record's fields; a click filters the record's table below to it (through
 * the table's URL state) and scrolls there, or, for a laboratory visit, turns
 * the laboratory grid to the page of that visit and focuses its column. ChartPanel holds the data table
 * of exactly the plotted items. A response assessment whose signed conclusion differs from the response recomputed
 * at it is ringed and labelled `PR≠SD`, and a line under the chart says what that means.
 */
import { CartesianGrid, Legend, ReferenceLine, Scatter, ScatterChart, Tooltip } from "recharts";
import { ChartArea } from "@/components/charts/ChartArea";
import { ChartPanel } from "@/components/charts/ChartPanel";
import chartStyles from "@/components/charts/charts.module.css";
import { REFERENCE_LINE } from "@/components/charts/palette";
import { useUnpacked } from "@/components/charts/use-unpacked";
import type { Packed } from "@/lib/payload/packed-json";
import { TIMELINE_CHART } from "../query";
import { SUBJECT_PROFILE_TABLES } from "../tables";
import { TIMELINE_TITLE, timelineTable } from "../timeline-table";
import { openTarget } from "./open-target";
import styles from "./subject.module.css";
import { TimelineLabels } from "./TimelineLabels";
import { TimelineShape } from "./TimelineShape";
import { dayAxis, laneAxis } from "./timeline-axes";
import { seriesColour, seriesShape } from "./timeline-style";
import { itemTarget, type TimelineItem } from "./timeline-targets";
import { useTurnGrid } from "./turn-grid";

export interface SubjectTimelineProps {
  /** Packed by the server (lib/payload/packed-json.ts): a subject's records, each with its tooltip's details. */
  items: Packed<TimelineItem[]>;
  /** The lanes' names, top to bottom (timeline-items.ts laneNames). */
  lanes: string[];
  firstDay: number;
  lastDay: number;
  /** "Study day (day 1 = first dose, 2023-03-10)" */
  axisLabel: string;
}

// Legend order: grades mild to fatal, then medications, responses, laboratory.
const SERIES_ORDER = [
  ...["Grade 1", "Grade 2", "Grade 3", "Grade 4", "Grade 5", "Grade missing", "Study medication", "Other medication"],
  ...["Baseline (no response)", "Complete Response", "Partial Response", "Stable Disease", "Progressive Disease"],
  ...["Not Evaluable", "Non-CR/Non-PD"],
];
const seriesRank = (s: string) => {
  const i = SERIES_ORDER.indexOf(s);
  return i >= 0 ? i : s === "Laboratory visit" ? 99 : 50;
};

export function SubjectTimeline({ lanes, firstDay, lastDay, axisLabel, ...packed }: SubjectTimelineProps) {
  const items = useUnpacked(packed.items);
  const { toVisit } = useTurnGrid();
  /** Opens an item: its table filtered to it, or its visit's column of the grid, on its page; scrolled into view. */
  const openItem = (item: TimelineItem) => {
    const target = itemTarget(item);
    if ("gridColumn" in target) toVisit(target.gridColumn);
    else openTarget(target);
  };
  const series = [...new Set(items.map((i) => i.series))].sort((a, b) => seriesRank(a) - seriesRank(b));
  const height = lanes.length * 26 + 120;
  const { columns, rows } = timelineTable(items, lanes);
  return (
    <ChartPanel
      id={TIMELINE_CHART}
      title={TIMELINE_TITLE}
      columns={columns}
      rows={rows}
      exportAs={SUBJECT_PROFILE_TABLES.key("timeline")}
    >
      <ChartArea height={height}>
        <ScatterChart responsive width="100%" height={height} margin={{ top: 10, right: 30, bottom: 30, left: 10 }}>
          <CartesianGrid horizontal={false} strokeDasharray="3 3" />
          {dayAxis(firstDay, lastDay, axisLabel)}
          {laneAxis(lanes)}
          {/* Day 1 as a dashed line; the axis's label says what day 1 is (a label here would cover the bars). */}
          <ReferenceLine x={1} stroke={REFERENCE_LINE} strokeDasharray="4 3" />
          <Tooltip content={<ItemTooltip />} cursor={false} isAnimationActive={false} />
          {/* Legend text in the chart's text colour: a series' colour can be a mark's 3:1, not text's 4.5:1. */}
          <Legend
            verticalAlign="top"
            itemSorter={(entry) => seriesRank(String(entry.value))}
            formatter={(name) => <span className={styles.legendText}>{name}</span>}
          />
          {series.map((name) => (
            <Scatter
              key={name}
              name={name}
              data={items.filter((i) => i.series === name)}
              fill={seriesColour(name)}
              legendType={legendType(name)}
              isAnimationActive={false}
              shape={(p: { cx?: number; cy?: number; payload?: TimelineItem }) => (
                <TimelineShape cx={p.cx} cy={p.cy} payload={p.payload} onOpen={openItem} />
              )}
            />
          ))}
          <TimelineLabels items={items} />
        </ScatterChart>
      </ChartArea>
      {items.some((i) => i.differs) ? (
        <p>
          A ringed response assessment labelled like PR≠SD: its conclusion as signed (PR) differs from the response
          recomputed by RECIST 1.1 (SD). Its tooltip and the data table say both.
        </p>
      ) : null}
    </ChartPanel>
  );
}

const legendType = (series: string) =>
  series.startsWith("Grade") || series.endsWith("medication") ? "rect" : seriesShape(series);

function ItemTooltip({ active, payload }: { active?: boolean; payload?: { payload?: TimelineItem }[] }) {
  const item = payload?.[0]?.payload;
  if (!active || !item) return null;
  return (
    <div className={chartStyles.chartTip}>
      <strong>{item.series}</strong>
      <dl className={styles.itemFields}>
        {item.details.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <em>Click to open it below.</em>
    </div>
  );
}

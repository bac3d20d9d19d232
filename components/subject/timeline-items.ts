/**
 * The timeline's plotted items, made on the server from the pure timeline
 * (lib/clinical/timeline.ts) and the subject's records: each span or marker
 * with its legend series, its short label, the record's fields for the
 * tooltip, and the table row a click opens. The chart draws these and its
 * data table lists exactly these. What the browser can work out from an
 * item (its id, where a click leads) is not sent with it.
 */
import type { AdverseEventRow } from "@/lib/clinical/adverse-events";
import type { AssessmentRow } from "@/lib/clinical/assessments";
import type { GridColumn } from "@/lib/clinical/lab-grid";
import type { MedicationRow } from "@/lib/clinical/medications";
import type { Timeline, TimelineMarker, TimelineSpan } from "@/lib/clinical/timeline";
import { exactFilter } from "@/lib/tables/filters";
import { chartDataId } from "../charts/chart-data-id";
import { RECORD_TABLES } from "./record-tables";
import { responseOf } from "./timeline-style";

export interface TimelineItem {
  kind: "adverse-event" | "medication" | "assessment" | "laboratory";
  /** The legend entry: `Grade 3`, `Study medication`, `Partial Response`, `Laboratory visit`... */
  series: string;
  lane: number;
  /** The record's study days: its start (or date), and its recorded end when it ended (null otherwise). */
  startDay: number;
  endDay: number | null;
  /** Where it is drawn, in study days (a marker has from = to; a span begun before the first day is clipped). */
  from: number;
  to: number;
  /** What the drawn end means for a span (`ongoing`, `open-ended`, `ended`...); "" for a marker. */
  ending: string;
  /** Drawn next to the item, so that colour is never the only clue: `G3`, `PR`, `BL`. */
  label: string;
  record: string;
  /** The record's fields, for the tooltip. */
  details: [string, string][];
  /** A medication's drug: a click filters the medications table by it (the table has no record ID). */
  drug?: string;
  /** A laboratory visit's first column in the subject's grid (from 0): a click opens the grid's page of it. */
  gridColumn?: number;
}

/** The trend chart's name in the URL (its data table: `trend_table=1`, `trend_f_record=`...). */
export const TREND_CHART = "trend";

/** Unique on the chart: kind and record key. */
export const itemId = (item: Pick<TimelineItem, "kind" | "record">) => `${item.kind}:${item.record}`;

/**
 * Where a click leads: a table below, filtered to exactly this record (`open`: the URL parameter that opens it
 * first, for a chart's data table), a visit's column of the laboratory grid (on its page), or a part of the page.
 */
export type ItemTarget =
  | { prefix: string; column: string; value: string; anchor: string; open?: string }
  | { gridColumn: number }
  | { anchor: string };
/** A target in the page's flow: a table's record, or a part of the page (components/subject/open-target.ts). */
export type AnchorTarget = Extract<ItemTarget, { anchor: string }>;

/** The trend's own record in the trend's data table (ChartPanel "trend"), exactly: a vital sign has no grid. */
export const trendRecordTarget = (id: string): AnchorTarget => ({
  prefix: `${TREND_CHART}_`,
  column: "record",
  value: exactFilter(id),
  anchor: chartDataId(TREND_CHART),
  open: `${TREND_CHART}_table`,
});

/** An adverse event in the profile's table, exactly (an `=` filter: `AE1` must not open `AE10` too). */
export const aeTarget = (key: string): AnchorTarget => ({
  ...RECORD_TABLES.adverseEvents,
  column: "key",
  value: exactFilter(key),
});

export function itemTarget(item: TimelineItem): ItemTarget {
  // Exactly this record (an `=` filter), as aeTarget.
  if (item.kind === "adverse-event") return aeTarget(item.record);
  if (item.kind === "assessment")
    return { ...RECORD_TABLES.assessments, column: "key", value: exactFilter(item.record) };
  if (item.kind === "medication")
    return { ...RECORD_TABLES.medications, column: "drug", value: exactFilter(item.drug ?? "") };
  // A laboratory visit: its column of the grid; without one (no grid), the laboratory section.
  return item.gridColumn === undefined
    ? { anchor: RECORD_TABLES.measurements.anchor }
    : { gridColumn: item.gridColumn };
}

export interface TimelineRecords {
  adverseEvents: readonly AdverseEventRow[];
  medications: readonly MedicationRow[];
  assessments: readonly AssessmentRow[];
  /** The subject's laboratory grid's columns, in order (lib/clinical/lab-grid.ts): where a laboratory visit is. */
  gridColumns?: readonly Pick<GridColumn, "date">[];
}

const text = (v: string | number | boolean | null) =>
  v === null ? "not recorded" : v === true ? "Yes" : v === false ? "No" : String(v);
const dayText = (day: number, date: string | null) => (date === null ? "not recorded" : `${date} (day ${day})`);

export function timelineItems(t: Timeline, records: TimelineRecords): TimelineItem[] {
  const aes = new Map(records.adverseEvents.map((a) => [a.key, a]));
  const meds = new Map(records.medications.map((m) => [m.id, m]));
  const drs = new Map(records.assessments.map((a) => [a.key, a]));
  const lane = (i: number) => t.lanes[i].label;
  // A day's first column: a laboratory visit is one collection day, which may hold more than one visit's column.
  const columnOf = new Map<string, number>();
  records.gridColumns?.forEach((c, i) => {
    if (c.date !== null && !columnOf.has(c.date)) columnOf.set(c.date, i);
  });
  return [
    ...t.spans.map((s) =>
      s.kind === "adverse-event" ? aeItem(s, aes.get(s.key)!) : medItem(s, meds.get(s.key)!, lane),
    ),
    ...t.markers.map((m) =>
      m.kind === "assessment" ? assessmentItem(m, drs.get(m.key)!) : labItem(m, columnOf.get(m.date)),
    ),
  ];
}

function span(s: TimelineSpan) {
  const { kind, lane, startDay, from, to } = s;
  const endDay = s.end === "ended" ? s.endDay : null;
  return { kind, lane, startDay, endDay, from, to, ending: s.end, record: s.key };
}

function aeItem(s: TimelineSpan, ae: AdverseEventRow): TimelineItem {
  const grade = ae.grade === null ? "?" : String(ae.grade);
  const drawnEnd =
    s.end === "ongoing"
      ? `ongoing, drawn to the last data day (${s.endDay})`
      : s.end === "ended"
        ? dayText(s.endDay, ae.end)
        : s.end;
  return {
    ...span(s),
    series: ae.grade === null ? "Grade missing" : `Grade ${ae.grade}`,
    label: `G${grade}`,
    details: [
      ["Adverse event", ae.term],
      ["Grade", ae.grade === null ? "missing" : `${ae.grade} (CTCAE ${text(ae.ctcaeVersion)})`],
      ["Start", dayText(s.startDay, ae.start)],
      ["End", drawnEnd],
      ["Outcome", text(ae.outcome)],
      ["Causality", text(ae.causality)],
      ["Record", ae.key],
    ],
  };
}

function medItem(s: TimelineSpan, m: MedicationRow, lane: (i: number) => string): TimelineItem {
  const end =
    s.end === "open-ended"
      ? `open-ended, drawn to the last data day (${s.endDay})`
      : s.end === "ended"
        ? dayText(s.endDay, m.end)
        : s.end === "end unreadable"
          ? `unreadable (${m.unreadableEnd}), drawn at its start day only`
          : s.end;
  return {
    ...span(s),
    series: s.studyMedication ? "Study medication" : "Other medication",
    label: "",
    details: [
      ["Medication", lane(s.lane)],
      ["Dose", m.dose === null ? "not recorded" : `${m.dose} ${m.doseUnit ?? ""}`.trim()],
      ["Route", text(m.route)],
      ["Start", dayText(s.startDay, m.start)],
      ["End", end],
      ["Source type", text(m.sourceType)],
    ],
    drug: m.drug,
  };
}

function assessmentItem(mk: TimelineMarker, a: AssessmentRow): TimelineItem {
  const response = responseOf(a.conclusion);
  return {
    ...marker(mk),
    series: response.name,
    label: response.code,
    details: [
      ["Response assessment", `${text(a.name)} (${dayText(mk.day, a.date)})`],
      ["Conclusion as signed", text(a.conclusion)],
      ["Target sum", a.targetSum === null ? "not recorded" : `${a.targetSum} ${a.unit ?? ""}`.trim()],
      ["Change from baseline", text(a.changeFromBaseline)],
      ["Record", a.key],
    ],
  };
}

function labItem(mk: TimelineMarker, gridColumn: number | undefined): TimelineItem {
  return {
    ...marker(mk),
    ...(gridColumn === undefined ? {} : { gridColumn }),
    series: "Laboratory visit",
    label: "",
    details: [
      ["Laboratory collection", dayText(mk.day, mk.date)],
      ["Visit", mk.label],
      ["Results", String(mk.count)],
    ],
  };
}

function marker(m: TimelineMarker) {
  const { kind, lane, day } = m;
  return {
    kind,
    lane,
    startDay: day,
    endDay: null,
    from: day,
    to: day,
    ending: "",
    record: m.key,
  };
}

/** The lanes as the chart names them: what each holds, so that colour is not the only clue. */
export function laneNames(t: Timeline): string[] {
  const study = new Set(t.spans.filter((s) => s.studyMedication).map((s) => s.lane));
  const name = (l: Timeline["lanes"][number], i: number) =>
    l.kind === "adverse-event"
      ? `AE: ${l.label}`
      : l.kind === "medication"
        ? `${study.has(i) ? "Study drug" : "Med"}: ${l.label}`
        : l.label;
  return t.lanes.map(name);
}

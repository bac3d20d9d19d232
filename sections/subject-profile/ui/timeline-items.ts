/**
 * The timeline's plotted items, made on the server from the pure timeline
 * (lib/clinical/subjects/timeline.ts) and the subject's records: each span or marker
 * with its legend series, its short label, the record's fields for the
 * tooltip, and the table row a click opens; a response assessment also with
 * the response recomputed at it (../assessment-checks.ts), where the study has
 * one. The chart draws these and its data table lists exactly these. What the browser can work out from an
 * item (its id, where a click leads: ./timeline-targets.ts) is not sent
 * with it.
 */
import type { AdverseEventRow } from "@/lib/clinical/adverse-events/rows";
import type { GridColumn } from "@/lib/clinical/laboratory/grid";
import type { MedicationRow } from "@/lib/clinical/medications/rows";
import type { AssessmentRow } from "@/lib/clinical/response/assessments";
import type { Timeline, TimelineMarker, TimelineSpan } from "@/lib/clinical/subjects/timeline";
import { type AssessmentCheck, checkWords, markerLabel, recomputedWords } from "../assessment-checks";
import { responseOf } from "./timeline-style";
import type { TimelineItem } from "./timeline-targets";

export {
  type AnchorTarget,
  aeTarget,
  type ItemTarget,
  itemId,
  itemTarget,
  type TimelineItem,
  trendRecordTarget,
} from "./timeline-targets";

export interface TimelineRecords {
  adverseEvents: readonly AdverseEventRow[];
  medications: readonly MedicationRow[];
  assessments: readonly AssessmentRow[];
  /**
   * The subject's laboratory grid's columns, in order (lib/clinical/laboratory/grid.ts): where a laboratory visit is.
   *
   */
  gridColumns?: readonly Pick<GridColumn, "date">[];
  /** Each assessment against its recomputed response, by key; none: nothing was recomputed (the signed alone). */
  checks?: ReadonlyMap<string, AssessmentCheck> | null;
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
      m.kind === "assessment"
        ? assessmentItem(m, drs.get(m.key)!, records.checks?.get(m.key))
        : labItem(m, columnOf.get(m.date)),
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

/** An assessment's marker, by its signed conclusion; `check`: the response recomputed at it, when there is one. */
function assessmentItem(mk: TimelineMarker, a: AssessmentRow, check: AssessmentCheck | undefined): TimelineItem {
  const recomputed: [string, string][] = check ? [["Recomputed (RECIST 1.1)", recomputedWords(check)]] : [];
  return {
    ...marker(mk),
    series: responseOf(a.conclusion).name,
    label: markerLabel(a.conclusion, check),
    details: [
      ["Response assessment", `${text(a.name)} (${dayText(mk.day, a.date)})`],
      ["Conclusion as signed", text(a.conclusion)],
      ...recomputed,
      ["Target sum", a.targetSum === null ? "not recorded" : `${a.targetSum} ${a.unit ?? ""}`.trim()],
      ["Change from baseline", text(a.changeFromBaseline)],
      ["Record", a.key],
    ],
    ...(check ? { check: checkWords(check) } : {}),
    ...(check?.recomputed != null && check.differs ? { differs: true } : {}),
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

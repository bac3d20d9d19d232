/**
 * The spans of a subject's timeline (./timeline.ts): adverse events and
 * medications from their start to their end, each on its lane, with what the
 * drawn end means.
 */
import type { AdverseEventRow, Grade } from "../adverse-events/rows";
import type { MedicationRow } from "../medications/rows";
import { isOpenEnded } from "../medications/summary";
import type { Lanes } from "./timeline-markers";

/** How a span ends: what its drawn end means. */
export type SpanEnd = "ended" | "ongoing" | "open-ended" | "end not recorded" | "end unreadable" | "ends before start";

export interface TimelineSpan {
  kind: "adverse-event" | "medication";
  /** The AE's identifier value, or the medication's ID. */
  key: string;
  lane: number;
  startDate: string;
  startDay: number;
  endDate: string | null;
  /** Its end: the recorded end, the last data day when ongoing or open-ended, else the start. */
  endDay: number;
  end: SpanEnd;
  /** Where it is drawn: its start and end, clipped at the timeline's first day (a medication begun long before). */
  from: number;
  to: number;
  grade: Grade | null;
  studyMedication: boolean;
}

/** What placing a span needs: the study day of a date, the days drawn, and the lanes so far. */
export interface SpanContext {
  day: (date: string) => number;
  firstDay: number;
  lastDay: number;
  lanes: Lanes;
}

interface Dated {
  start: string | null;
  end: string | null;
  label: string;
}

const byStart = (a: { start: string | null }, b: { start: string | null }) =>
  a.start! < b.start! ? -1 : a.start! > b.start! ? 1 : 0;

function span(
  { day, firstDay, lastDay, lanes }: SpanContext,
  kind: TimelineSpan["kind"],
  r: Dated,
  open: SpanEnd | null,
): Omit<TimelineSpan, "key"> {
  const startDay = day(r.start!);
  const recorded = r.end === null ? null : day(r.end);
  // An open span (ongoing AE, or medication without an end) runs to the subject's last data day.
  const end: SpanEnd =
    open ?? (recorded === null ? "end not recorded" : recorded < startDay ? "ends before start" : "ended");
  const endDay =
    end === "ended" ? recorded! : end === "ongoing" || end === "open-ended" ? Math.max(lastDay, startDay) : startDay;
  const lane = lanes.of(kind, r.label);
  const [from, to] = [Math.max(startDay, firstDay), Math.max(endDay, firstDay)];
  return {
    kind,
    lane,
    startDate: r.start!,
    startDay,
    endDate: r.end,
    endDay,
    end,
    from,
    to,
    grade: null,
    studyMedication: false,
  };
}

/** The dated adverse events, by start. */
export function aeSpans(adverseEvents: readonly AdverseEventRow[], ctx: SpanContext): TimelineSpan[] {
  const aes = [...adverseEvents].filter((a) => a.start !== null).sort(byStart);
  return aes.map((ae) => ({
    ...span(ctx, "adverse-event", { ...ae, label: ae.term }, ae.ongoing ? "ongoing" : null),
    key: ae.key,
    grade: ae.grade,
  }));
}

/** The dated medications: study medication first, then by start. */
export function medicationSpans(
  medications: readonly MedicationRow[],
  study: ReadonlyMap<MedicationRow, boolean>,
  ctx: SpanContext,
): TimelineSpan[] {
  const meds = medications
    .filter((m) => m.start !== null)
    .map((m) => ({ m, study: study.get(m)! }))
    .sort((a, b) => Number(b.study) - Number(a.study) || byStart(a.m, b.m));
  return meds.map(({ m, study }) => {
    // An end that was sent but is no date is not an open end: drawn at its start only, like a missing AE end.
    const open = isOpenEnded(m) ? "open-ended" : m.end === null ? "end unreadable" : null;
    return { ...span(ctx, "medication", { ...m, label: m.drug }, open), key: m.id, studyMedication: study };
  });
}

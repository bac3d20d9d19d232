/**
 * A subject's timeline in study days (docs/clinical-rules.md, The subject
 * profile): adverse events and medications as spans, response assessments
 * and laboratory visits as markers, each on a lane. Pure: the chart draws
 * exactly these values, and its data table lists them. A record without a
 * usable date cannot be placed; it is counted in `undated`, never dropped
 * silently (the profile's tables still list it).
 */
import type { AdverseEventRow, Grade } from "./adverse-events";
import type { AssessmentRow } from "./assessments";
import { calendarDate, studyDay } from "./dates";
import type { MeasurementRow } from "./measurement-rows";
import { isOpenEnded } from "./medication-summary";
import type { MedicationRow } from "./medications";
import { isStudyMedication, type StudyDayReference } from "./study-day-reference";
import { assessmentMarkers, Lanes, labMarkers, type TimelineLane, type TimelineMarker } from "./timeline-markers";

export type { TimelineLane, TimelineMarker } from "./timeline-markers";
export { ASSESSMENT_LANE, LABORATORY_LANE } from "./timeline-markers";

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

export interface Timeline {
  reference: StudyDayReference;
  /**
   * The first day drawn: day 1, or the subject's earliest dated record if earlier, other medications aside, so that
   * a background medication begun years before does not squeeze the study into a corner (it is drawn from here).
   */
  firstDay: number;
  /** The subject's last data day: the latest dated record of any kind (laboratory and vital signs included). */
  lastDay: number;
  lanes: TimelineLane[];
  spans: TimelineSpan[];
  markers: TimelineMarker[];
  /** Records without a usable (start) date: not on the chart, still in the tables. */
  undated: { adverseEvents: number; medications: number; assessments: number; laboratory: number };
}

export interface TimelineInput {
  reference: StudyDayReference;
  adverseEvents: readonly AdverseEventRow[];
  medications: readonly MedicationRow[];
  products: readonly string[];
  assessments: readonly AssessmentRow[];
  labs: readonly MeasurementRow[];
  vitals: readonly MeasurementRow[];
}

export function buildTimeline(input: TimelineInput): Timeline {
  const day = (date: string) => studyDay(date, input.reference.date) as number;
  const labDates = input.labs.map((l) => calendarDate(l.collectedAt));
  const study = new Map(input.medications.map((m) => [m, isStudyMedication(m, input.products)]));
  const inWindow = dayRange(
    [
      ...input.adverseEvents.flatMap((a) => [a.start, a.end]),
      ...input.medications.flatMap((m) => (study.get(m) ? [m.start, m.end] : [])),
      ...input.assessments.map((a) => a.date),
      ...labDates,
      ...input.vitals.map((v) => calendarDate(v.collectedAt)),
      input.reference.date,
    ],
    day,
  );
  const firstDay = inWindow.firstDay;
  const lastDay = Math.max(
    inWindow.lastDay,
    dayRange(
      input.medications.map((m) => m.end),
      day,
    ).lastDay,
  );
  const lanes = new Lanes();
  const spans: TimelineSpan[] = [];
  const span = (kind: TimelineSpan["kind"], r: Dated, open: SpanEnd | null): Omit<TimelineSpan, "key"> => {
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
  };
  const aes = [...input.adverseEvents].filter((a) => a.start !== null).sort(byStart);
  for (const ae of aes)
    spans.push({
      ...span("adverse-event", { ...ae, label: ae.term }, ae.ongoing ? "ongoing" : null),
      key: ae.key,
      grade: ae.grade,
    });
  const meds = input.medications
    .filter((m) => m.start !== null)
    .map((m) => ({ m, study: study.get(m)! }))
    .sort((a, b) => Number(b.study) - Number(a.study) || byStart(a.m, b.m));
  for (const { m, study } of meds) {
    // An end that was sent but is no date is not an open end: drawn at its start only, like a missing AE end.
    const open = isOpenEnded(m) ? "open-ended" : m.end === null ? "end unreadable" : null;
    spans.push({ ...span("medication", { ...m, label: m.drug }, open), key: m.id, studyMedication: study });
  }
  const markers = [...assessmentMarkers(input.assessments, lanes, day), ...labMarkers(input.labs, lanes, day)];
  return {
    reference: input.reference,
    firstDay,
    lastDay,
    lanes: lanes.list,
    spans,
    markers,
    undated: {
      adverseEvents: input.adverseEvents.length - aes.length,
      medications: input.medications.length - meds.length,
      assessments: input.assessments.filter((a) => a.date === null).length,
      laboratory: labDates.filter((d) => d === null).length,
    },
  };
}

interface Dated {
  start: string | null;
  end: string | null;
  label: string;
}

const byStart = (a: { start: string | null }, b: { start: string | null }) =>
  a.start! < b.start! ? -1 : a.start! > b.start! ? 1 : 0;

function dayRange(dates: readonly (string | null)[], day: (d: string) => number) {
  let firstDay = Number.POSITIVE_INFINITY;
  let lastDay = Number.NEGATIVE_INFINITY;
  for (const d of dates) {
    if (d === null) continue;
    const n = day(d);
    if (n < firstDay) firstDay = n;
    if (n > lastDay) lastDay = n;
  }
  return { firstDay, lastDay };
}

/**
 * A subject's timeline in study days (docs/clinical-rules.md, The subject
 * profile): adverse events and medications as spans, response assessments
 * and laboratory visits as markers, each on a lane. Pure: the chart draws
 * exactly these values, and its data table lists them. A record without a
 * usable date cannot be placed; it is counted in `undated`, never dropped
 * silently (the profile's tables still list it).
 */
import type { AdverseEventRow } from "../adverse-events/rows";
import { calendarDate, studyDay } from "../common/dates";
import type { AnchoredSource, StudyDayReference } from "../common/study-day-reference";
import { isStudyMedication } from "../exposure/study-drug";
import type { MeasurementRow } from "../measurements/rows";
import type { MedicationRow } from "../medications/rows";
import type { AssessmentRow } from "../response/assessments";
import { assessmentMarkers, Lanes, labMarkers, type TimelineLane, type TimelineMarker } from "./timeline-markers";
import { aeSpans, medicationSpans, type SpanContext, type TimelineSpan } from "./timeline-spans";

export type { TimelineLane, TimelineMarker } from "./timeline-markers";
export { ASSESSMENT_LANE, LABORATORY_LANE } from "./timeline-markers";
export type { SpanEnd, TimelineSpan } from "./timeline-spans";

export interface Timeline {
  reference: StudyDayReference<AnchoredSource>;
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
  reference: StudyDayReference<AnchoredSource>;
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
  const lanes = new Lanes();
  const ctx: SpanContext = { day, ...drawnDays(input, study, labDates, day), lanes };
  const aes = aeSpans(input.adverseEvents, ctx);
  const meds = medicationSpans(input.medications, study, ctx);
  const markers = [...assessmentMarkers(input.assessments, lanes, day), ...labMarkers(input.labs, lanes, day)];
  return {
    reference: input.reference,
    firstDay: ctx.firstDay,
    lastDay: ctx.lastDay,
    lanes: lanes.list,
    spans: [...aes, ...meds],
    markers,
    undated: {
      adverseEvents: input.adverseEvents.length - aes.length,
      medications: input.medications.length - meds.length,
      assessments: input.assessments.filter((a) => a.date === null).length,
      laboratory: labDates.filter((d) => d === null).length,
    },
  };
}

/** The first day drawn and the last data day (Timeline's firstDay and lastDay). */
function drawnDays(
  input: TimelineInput,
  study: ReadonlyMap<MedicationRow, boolean>,
  labDates: readonly (string | null)[],
  day: (d: string) => number,
) {
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
  const lastDay = Math.max(
    inWindow.lastDay,
    dayRange(
      input.medications.map((m) => m.end),
      day,
    ).lastDay,
  );
  return { firstDay: inWindow.firstDay, lastDay };
}

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

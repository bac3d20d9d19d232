/**
 * The markers and lanes of a subject's timeline (./timeline.ts): response
 * assessments one marker each, laboratory results one marker per collection
 * date, and the lanes in the order they are first asked for.
 */

import { calendarDate } from "../common/dates";
import type { MeasurementRow } from "../measurements/rows";
import type { AssessmentRow } from "../response/assessments";

export interface TimelineMarker {
  kind: "assessment" | "laboratory";
  /** The assessment's key, or the collection date of a laboratory visit. */
  key: string;
  lane: number;
  date: string;
  day: number;
  /** The conclusion as signed, or the visit name(s) of a laboratory collection day. */
  label: string;
  /** Laboratory results collected that day; 1 for an assessment. */
  count: number;
}

export interface TimelineLane {
  kind: "adverse-event" | "medication" | "assessment" | "laboratory";
  label: string;
}

export const ASSESSMENT_LANE = "Response assessments";
export const LABORATORY_LANE = "Laboratory visits";

/** Lanes in the order they are first asked for; one per kind and label. */
export class Lanes {
  readonly list: TimelineLane[] = [];
  private readonly index = new Map<string, number>();
  of(kind: TimelineLane["kind"], label: string): number {
    const id = `${kind}\u0000${label}`;
    let i = this.index.get(id);
    if (i === undefined) {
      i = this.list.push({ kind, label }) - 1;
      this.index.set(id, i);
    }
    return i;
  }
}

export function assessmentMarkers(assessments: readonly AssessmentRow[], lanes: Lanes, day: (d: string) => number) {
  // Stable for equal dates: the partner's order.
  const dated = assessments.filter((a) => a.date !== null).sort((a, b) => a.date!.localeCompare(b.date!));
  return dated.map(
    (a): TimelineMarker => ({
      kind: "assessment",
      key: a.key,
      lane: lanes.of("assessment", ASSESSMENT_LANE),
      date: a.date!,
      day: day(a.date!),
      label: a.conclusion ?? "(no conclusion)",
      count: 1,
    }),
  );
}

/** One marker per collection date: its visit names and its number of results. */
export function labMarkers(labs: readonly MeasurementRow[], lanes: Lanes, day: (d: string) => number) {
  const byDate = new Map<string, { visits: Set<string>; count: number }>();
  for (const l of labs) {
    const date = calendarDate(l.collectedAt);
    if (date === null) continue;
    const found = byDate.get(date) ?? { visits: new Set<string>(), count: 0 };
    found.count++;
    found.visits.add(l.visit ?? "(no visit name)");
    byDate.set(date, found);
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([date, v]): TimelineMarker => ({
        kind: "laboratory",
        key: date,
        lane: lanes.of("laboratory", LABORATORY_LANE),
        date,
        day: day(date),
        label: [...v.visits].join(", "),
        count: v.count,
      }),
    );
}

/**
 * The order of a study's visits, the one rule of every study view that shows visits (docs/clinical-rules.md, Visit
 * order of a study): the laboratory section over its laboratory records, the vital-signs section over its vital
 * signs. The partner sends a visit only as its label (`encounter.display`), with no visit number or planned day, so
 * the schedule is read from the label: the screening phase, the treatment visits by the day, week or number the
 * label states, End of Treatment after the last of them, follow-up after it, end of study, then unscheduled visits.
 */
import { dayNumber } from "./dates";

export interface VisitDated {
  subjectId: string | null;
  visit: string | null;
  collectedAt: string | null;
}

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:$|[T ])/;

/**
 * A reader of collection dates as day numbers (NaN: no date) that reads each calendar date once: a study's million
 * laboratory records fall on a few thousand dates, and the full date check costs about a microsecond. A collection
 * time is dated when it starts with a real `YYYY-MM-DD` date (as the partner sends it): the laboratory section's
 * notes count its undated results by the same test (lib/clinical/laboratory/series.ts, collectedKey).
 */
export function dayReader(): (collectedAt: string | null) => number {
  const days = new Map<string, number>();
  return (collectedAt) => {
    if (collectedAt === null || !DATE_TIME.test(collectedAt)) return Number.NaN;
    const date = collectedAt.slice(0, 10);
    let day = days.get(date);
    if (day === undefined) {
      day = dayNumber(date);
      days.set(date, day);
    }
    return day;
  };
}

/** The phases of a schedule, in order; a label that names none of the others is a treatment visit. */
const PHASES: [RegExp, number][] = [
  [/\bunscheduled\b|^unsch/i, 5],
  [/\bend of study\b|^eos$/i, 4],
  [/\bfollow[- ]?up\b|^fu\s*\d*$/i, 3],
  [/\bend of treatment\b|^eot$/i, 2],
  [/\bscreening\b|\bbaseline\b|\bpre-?treatment\b|\brun-?in\b/i, 0],
];
const TREATMENT = 1;

/** The phase of a visit label (./PHASES). */
export function visitPhase(label: string): number {
  return PHASES.find(([test]) => test.test(label))?.[1] ?? TREATMENT;
}

/** The planned study day a label states (`Day 15`, `Week 4` = day 29, `Week 2 Day 3` = day 17); null if none. */
export function plannedDay(label: string): number | null {
  const day = /^day\s*(-?\d+)$/i.exec(label.trim());
  if (day) return Number(day[1]);
  const week = /^week\s*(\d+)(?:\s*,?\s*day\s*(\d+))?$/i.exec(label.trim());
  return week ? 7 * Number(week[1]) + Number(week[2] ?? 1) : null;
}

/** Labels of one phase: those stating a planned day by that day first, the others by name, numbers as numbers. */
function byPlan(a: string, b: string): number {
  const [da, db] = [plannedDay(a), plannedDay(b)];
  if (da !== null && db !== null) return da - db || collator.compare(a, b);
  if (da !== null || db !== null) return da !== null ? -1 : 1;
  return collator.compare(a, b);
}

/** A comparison of visit labels by the schedule: by phase, then by ./byPlan; equal labels by their text. */
export function compareVisits(a: string, b: string): number {
  return visitPhase(a) - visitPhase(b) || byPlan(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** The visit labels of the records in schedule order (./compareVisits); records without a visit are not in it. */
export function visitOrder(rows: readonly Pick<VisitDated, "visit">[]): string[] {
  const labels = new Set<string>();
  for (const r of rows) if (r.visit !== null) labels.add(r.visit);
  return [...labels].sort(compareVisits);
}

/** The rank of a visit in `order` (labels of visitOrder): unknown labels after them, no visit (null) last. */
export function visitRank(order: readonly string[]): (visit: string | null) => number {
  const place = new Map(order.map((v, i) => [v, i]));
  return (visit) => (visit === null ? Number.MAX_SAFE_INTEGER : (place.get(visit) ?? order.length));
}

/**
 * The order of a study's visits, the one rule of every study view that shows visits (docs/clinical-rules.md, Visit
 * order of a study): the laboratory section over its laboratory records, the vital-signs section over its vital
 * signs. Visit labels carry no order of their own ("End of Treatment" falls anywhere), and subjects start on
 * different dates, so a visit is placed by its typical time in a subject's course: the median, over subjects, of
 * the days from the subject's first dated record to the visit. A calendar median of the visit's dates would mix
 * early and late starters and can put End of Treatment before cycles that come before it in every subject.
 */
import { dayNumber } from "./dates";

export interface VisitDated {
  subjectId: string | null;
  visit: string | null;
  collectedAt: string | null;
}

const collator = new Intl.Collator("en", { numeric: true });
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

/** The visit labels of the records in date order; records without a visit are not in it. */
export function visitOrder(rows: readonly VisitDated[], dayOf = dayReader()): string[] {
  // Per subject: the first day of any dated record (with a visit or not), and the first day of each visit.
  const firstDay = new Map<string, number>();
  const visitDay = new Map<string, Map<string, number>>();
  const earliest = new Map<string, number>();
  const labels = new Set<string>();
  for (const r of rows) {
    if (r.visit !== null) labels.add(r.visit);
    const day = dayOf(r.collectedAt);
    if (Number.isNaN(day)) continue;
    if (r.subjectId !== null) firstDay.set(r.subjectId, Math.min(firstDay.get(r.subjectId) ?? day, day));
    if (r.visit === null) continue;
    earliest.set(r.visit, Math.min(earliest.get(r.visit) ?? day, day));
    if (r.subjectId === null) continue;
    let visits = visitDay.get(r.subjectId);
    if (!visits) {
      visits = new Map();
      visitDay.set(r.subjectId, visits);
    }
    visits.set(r.visit, Math.min(visits.get(r.visit) ?? day, day));
  }
  const offsets = new Map<string, number[]>();
  for (const [subject, visits] of visitDay) {
    const first = firstDay.get(subject) as number;
    for (const [visit, day] of visits) {
      const list = offsets.get(visit);
      if (list) list.push(day - first);
      else offsets.set(visit, [day - first]);
    }
  }
  const place = (visit: string) => {
    const days = offsets.get(visit);
    return days ? median(days) : Number.POSITIVE_INFINITY;
  };
  return [...labels].sort(
    (a, b) =>
      place(a) - place(b) ||
      (earliest.get(a) ?? Number.POSITIVE_INFINITY) - (earliest.get(b) ?? Number.POSITIVE_INFINITY) ||
      collator.compare(a, b),
  );
}

/** The rank of a visit in `order` (labels of visitOrder): unknown labels after them, no visit (null) last. */
export function visitRank(order: readonly string[]): (visit: string | null) => number {
  const place = new Map(order.map((v, i) => [v, i]));
  return (visit) => (visit === null ? Number.MAX_SAFE_INTEGER : (place.get(visit) ?? order.length));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

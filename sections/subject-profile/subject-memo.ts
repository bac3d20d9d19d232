/**
 * The values of one subject's profile (its timeline, laboratory grid, trends,
 * table rows) computed once per cache entries and reused by every request
 * that shows the subject: paging through the grid or switching the trend
 * does not rebuild the rest from the subject's two thousand rows.
 *
 * Each subject has an anchor object among the derived values of its record
 * types (lib/study/derived.ts), at most MAX_SUBJECTS of them per entry, the least
 * recently viewed going first; the subject's values hang off its anchor, so
 * they go with it, and they are computed again when any record type is
 * reloaded, or the study's recomputed responses are (./load.ts names them
 * among the entries). A subject's values are bounded too: its named values are few, and
 * its trends (one per test and scale) at most MAX_TRENDS.
 */
import type { DayOneAnchor } from "@/lib/clinical/exposure/day-one";
import { derivedOf } from "@/lib/study/derived";

/** About a megabyte each at 1,000 subjects x 48 visits (the grid's 1,660 results are most of it). */
const MAX_SUBJECTS = 32;
const MAX_TRENDS = 16;

/** A subject's value by name, computed once; `trend` values (named by the URL's choice) have their own bound. */
export type SubjectMemo = <T>(name: string, compute: () => T, kind?: "trend") => T;

/** Computes every time: for tests and for callers that hold no cache entries. */
export const noMemo: SubjectMemo = (_name, compute) => compute();

export function subjectMemo(subjectId: string, entries: readonly [object, ...object[]]): SubjectMemo {
  const anchor = derivedOf("subject profiles", subjectId, entries, () => ({}), MAX_SUBJECTS);
  return (name, compute, kind) =>
    kind === "trend"
      ? derivedOf("trends", name, [anchor], compute, MAX_TRENDS)
      : derivedOf("subject values", name, [anchor], compute);
}

/** The name of a value computed once per anchor of day 1 (its study days differ from one anchor to the other). */
export const ofDayOne = (view: { dayOne: DayOneAnchor }, name: string) => `${name}, day 1 at ${view.dayOne}`;

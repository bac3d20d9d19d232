/**
 * The data notes of a subject's laboratory grid and trend, in words: what is
 * shown in an unusual way (two results at a visit, a change of unit, no unit)
 * and what the trend could not plot, with how many records.
 */

import type { LabGrid } from "@/lib/clinical/laboratory/grid";
import type { Trend } from "@/lib/clinical/subjects/trend-series";
import { plural } from "@/sections/frame/ui/notices";

/** `1 cell holds`, `2 cells hold`. */
const says = (n: number, noun: string, one: string, many: string) => `${plural(n, noun)} ${n === 1 ? one : many}`;

export function gridNotes({ counts }: LabGrid): string[] {
  const notes: string[] = [];
  if (counts.repeated)
    notes.push(`${says(counts.repeated, "cell", "holds", "hold")} more than one result of a test at one visit.`);
  if (counts.unitChanges)
    notes.push(
      `${says(counts.unitChanges, "test", "changes", "change")} unit: the cell where it changes says so, and the ` +
        "test's name lists its units.",
    );
  if (counts.withoutUnit)
    notes.push(`${says(counts.withoutUnit, "numeric result", "has", "have")} no unit: shown as "(no unit)".`);
  if (counts.text) notes.push(`${says(counts.text, "result", "is", "are")} text, shown as sent.`);
  return notes;
}

export function trendNotes(trend: Trend, aeWithoutStart: number): string[] {
  const { text, noValue, noTime, noUln } = trend.excluded;
  const of = `of ${trend.test}`;
  const left = (n: number, what: string, why: string) =>
    `${plural(n, what)} ${of} ${n === 1 ? "is" : "are"} left out of the trend: ${why}.`;
  const notes: string[] = [];
  if (trend.series.length > 1)
    notes.push(`The results ${of} come in ${trend.series.length} units: each unit is a series with its own axis.`);
  if (text) notes.push(left(text, "text result", "text cannot be plotted"));
  if (noValue) notes.push(left(noValue, "result", "no value"));
  if (noTime) notes.push(left(noTime, "result", "no readable collection time"));
  if (noUln) notes.push(left(noUln, "result", "no upper limit in the record's range for ×ULN; the raw view shows it"));
  if (aeWithoutStart)
    notes.push(`${says(aeWithoutStart, "adverse event", "has", "have")} no start date and cannot be marked.`);
  return notes;
}

/**
 * The subject profile's data notes, in words: records the timeline cannot place or draws only in part, and records
 * sent twice, each counted (the tables still list every record); and the notes of the laboratory grid and the trend,
 * shown beside them: what is shown in an unusual way (two results at a visit, a change of unit, no unit) and what the
 * trend could not plot, with how many records.
 */
import type { LabGrid } from "@/lib/clinical/laboratory/grid";
import type { SpanEnd, TimelineSpan } from "@/lib/clinical/subjects/timeline";
import type { Trend } from "@/lib/clinical/subjects/trend-series";
import { plural } from "@/sections/frame/ui/notices";
import type { SubjectProfileView } from "./load";

const AE_NO_END = "Adverse events with no end date that are not marked ongoing";
const AE_BACKWARDS = "Adverse events that end before they start";

export function subjectProfileNotes(view: SubjectProfileView): string[] {
  if (!view.found) return [];
  const aes = view.adverseEvents;
  const u = view.timeline?.undated;
  const spans = view.timeline?.spans ?? [];
  const drawn = (kind: TimelineSpan["kind"], end: SpanEnd) =>
    spans.filter((s) => s.kind === kind && s.end === end).length;
  const counted: [number, string][] = [
    [u?.adverseEvents ?? 0, "Adverse events without a start date, not on the timeline (listed in the table)"],
    [u?.medications ?? 0, "Medications without a start date, not on the timeline (listed in the table)"],
    [u?.assessments ?? 0, "Response assessments without a date, not on the timeline (listed in the table)"],
    [u?.laboratory ?? 0, "Laboratory results without a readable collection date, not on the timeline"],
    [aes.filter((a) => a.grade === null).length, "Adverse events without a grade (G? on the timeline)"],
    // Counted from the spans as drawn, so that a note always says what the chart does.
    [drawn("adverse-event", "end not recorded"), `${AE_NO_END}, drawn at their start day only`],
    [
      drawn("adverse-event", "ends before start"),
      `${AE_BACKWARDS}, drawn at their start day only and flagged in the table`,
    ],
    [
      drawn("medication", "end unreadable"),
      "Medications whose end is no readable date, drawn at their start day only (the table shows the end as sent)",
    ],
    [drawn("medication", "ends before start"), "Medications that end before they start, drawn at their start day only"],
    [view.repeated.adverseEvents, "Adverse events sent twice under one identifier, shown once"],
    [view.repeated.assessments, "Response assessments sent twice under one identifier, shown once"],
  ];
  const notes = counted.filter(([n]) => n > 0).map(([n, what]) => `${what}: ${n}.`);
  if (!view.reference)
    notes.unshift(
      "This subject has no dated study medication, response assessment or laboratory collection: there is no " +
        "study day 1, so no study days and no timeline.",
    );
  return notes;
}

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
    notes.push(
      `${says(counts.withoutUnit, "numeric result", "has", "have")} no unit: ` +
        'marked "no unit" beside it or by its test.',
    );
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

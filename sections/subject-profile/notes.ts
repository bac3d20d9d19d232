/**
 * The subject profile's data notes, in words: records the timeline cannot
 * place or draws only in part, and records sent twice. Each is counted; the
 * tables still list every record.
 */
import type { SpanEnd, TimelineSpan } from "@/lib/clinical/subjects/timeline";
import type { SubjectProfileView } from "@/sections/subject-profile/load";

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

/**
 * The subject profile's data notes, in words: records the timeline cannot
 * place or draws only in part, and records sent twice. Each is counted; the
 * tables still list every record.
 */
import type { SubjectProfileView } from "@/lib/study-views/load-subject-profile";

export function subjectProfileNotes(view: SubjectProfileView): string[] {
  if (!view.found) return [];
  const aes = view.adverseEvents;
  const u = view.timeline?.undated;
  const counted: [number, string][] = [
    [u?.adverseEvents ?? 0, "Adverse events without a start date, not on the timeline (listed in the table)"],
    [u?.medications ?? 0, "Medications without a start date, not on the timeline (listed in the table)"],
    [u?.assessments ?? 0, "Response assessments without a date, not on the timeline (listed in the table)"],
    [u?.laboratory ?? 0, "Laboratory results without a readable collection date, not on the timeline"],
    [aes.filter((a) => a.grade === null).length, "Adverse events without a grade (G? on the timeline)"],
    [
      aes.filter((a) => a.start !== null && a.end === null && !a.ongoing).length,
      "Adverse events with no end date that are not marked ongoing, drawn at their start day only",
    ],
    [
      aes.filter((a) => a.start !== null && a.end !== null && a.end < a.start).length,
      "Adverse events that end before they start, drawn at their start day only and flagged in the table",
    ],
    [
      view.medications.filter((m) => m.start !== null && m.end === null && m.unreadableEnd !== null).length,
      "Medications whose end is no readable date, drawn at their start day only (the table shows the end as sent)",
    ],
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

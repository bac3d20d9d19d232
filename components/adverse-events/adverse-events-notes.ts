/**
 * The adverse-event view's data notes, in words: everything the tables leave out or read in a particular way,
 * with how many records, so that nothing is dropped unnoticed (docs/clinical-rules.md, Adverse events in a study).
 */
import { plural } from "@/components/study/notices";
import type { AdverseEventsView } from "@/lib/study-views/load-adverse-events";

export function adverseEventsNotes(view: AdverseEventsView): string[] {
  const q = view.quality;
  const notes: string[] = [];
  const verb = (n: number, one: string, many: string) => (n === 1 ? one : many);
  if (view.unreadableMembers)
    notes.push(`${plural(view.unreadableMembers, "Group member")} could not be read: the reference names no Patient.`);
  if (q.membersWithoutPatient)
    notes.push(
      `${plural(q.membersWithoutPatient, "Group member")} without a Patient record: counted in N, ` +
        "with no adverse events.",
    );
  if (q.duplicates)
    notes.push(
      `${plural(q.duplicates, "adverse-event record")} ${verb(q.duplicates, "was", "were")} sent again with the same ` +
        "identifier: each event counts once.",
    );
  if (q.outside.events) {
    const { events, subjects, noSubject } = q.outside;
    const whose = [
      ...(events > noSubject
        ? [`${plural(events - noSubject, "adverse event")} of ${plural(subjects, "subject")} outside the study's Group`]
        : []),
      ...(noSubject ? [`${plural(noSubject, "adverse event")} naming no Patient`] : []),
    ];
    notes.push(
      `${whose.join(" and ")}: ${verb(events, "it is", "they are")} not in the overview, the table by term ` +
        'or the chart; the listing shows them (flag "Not in the Group").',
    );
  }
  if (q.ungraded)
    notes.push(
      `${plural(q.ungraded, "adverse event")} without a grade: a subject whose events of a term have no grade is ` +
        'counted under "Grade missing"; such events count in no grade line of the overview.',
    );
  if (q.mixedGrades)
    notes.push(
      `${plural(q.mixedGrades, "subject-term pair")} with both graded and ungraded events: counted at the highest ` +
        "known grade (marked † in the table by term).",
    );
  if (q.endBeforeStart) {
    const ends = verb(q.endBeforeStart, "ends before it starts", "end before they start");
    notes.push(`${plural(q.endBeforeStart, "adverse event")} ${ends}: no duration; flagged in the listing.`);
  }
  if (q.noStart)
    notes.push(`${plural(q.noStart, "adverse event")} without a start date: no duration; flagged in the listing.`);
  const versions = q.ctcaeVersions.filter((v) => v.version !== null);
  if (versions.length > 1) {
    const each = versions.map((v) => `${plural(v.events, "event")} graded with CTCAE ${v.version}`);
    notes.push(
      `Mixed CTCAE versions: ${each.join(", ")}. Grades are counted as sent, without mapping one version to the other.`,
    );
  }
  const none = q.ctcaeVersions.find((v) => v.version === null);
  if (none) notes.push(`${plural(none.events, "adverse event")} without a CTCAE version.`);
  return notes;
}

/**
 * The adverse-event view's data notes, in words: everything the tables leave out or read in a particular way,
 * with how many records, so that nothing is dropped unnoticed (docs/clinical-rules.md, Adverse events in a study).
 * Where the listing can show exactly the events a note counts, the count opens it (`path`: the section's address).
 */
import { type DataNote, linkedNote, plural } from "@/components/study/notices";
import type { AdverseEventsView } from "@/lib/study-views/load-adverse-events";
import { type ListingParams, listingHref } from "./ae-links";

export function adverseEventsNotes(view: AdverseEventsView, path: string): DataNote[] {
  const q = view.quality;
  const notes: DataNote[] = [];
  const listing = (filter: ListingParams) => listingHref(path, new URLSearchParams(), filter);
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
      linkedNote(
        whose.join(" and "),
        listing({ scope: "outside" }),
        `: ${verb(events, "it is", "they are")} not in the overview, the table by term ` +
          'or the chart; the listing shows them (flag "Not in the Group").',
      ),
    );
  }
  if (q.ungraded)
    notes.push(
      linkedNote(
        `${plural(q.ungraded, "adverse event")} without a grade`,
        listing({ grade: "missing" }),
        ': a subject whose events of a term have no grade is counted under "Grade missing"; such events count in ' +
          "no grade line of the overview.",
      ),
    );
  if (q.mixedGrades)
    notes.push(
      `${plural(q.mixedGrades, "subject-term pair")} with both graded and ungraded events: counted at the highest ` +
        "known grade (marked † in the table by term).",
    );
  if (q.endBeforeStart) {
    const ends = verb(q.endBeforeStart, "ends before it starts", "end before they start");
    const link = listing({ flag: "end-before-start" });
    notes.push(
      linkedNote(
        `${plural(q.endBeforeStart, "adverse event")} ${ends}`,
        link,
        ": no duration; flagged in the listing.",
      ),
    );
  }
  if (q.noStart)
    notes.push(
      linkedNote(
        `${plural(q.noStart, "adverse event")} without a start date`,
        listing({ flag: "no-start" }),
        ": no duration; flagged in the listing.",
      ),
    );
  const versions = q.ctcaeVersions.filter((v) => v.version !== null);
  if (versions.length > 1) {
    const each = versions.flatMap((v, i) => [
      ...(i > 0 ? [", "] : []),
      { text: `${plural(v.events, "event")} graded with CTCAE ${v.version}`, href: listing({ ctcae: v.version! }) },
    ]);
    notes.push([
      "Mixed CTCAE versions: ",
      ...each,
      ". Grades are counted as sent, without mapping one version to the other.",
    ]);
  }
  const none = q.ctcaeVersions.find((v) => v.version === null);
  if (none)
    notes.push(
      linkedNote(`${plural(none.events, "adverse event")} without a CTCAE version`, listing({ ctcae: "none" }), "."),
    );
  return notes;
}

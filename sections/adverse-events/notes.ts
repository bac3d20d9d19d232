/**
 * The adverse-event section's data notes, in words: everything the tables leave out or read in a particular way,
 * with how many records, so that nothing is dropped unnoticed (docs/clinical-rules.md, Adverse events in a study).
 * Where the listing can show exactly the events a note counts, the count opens it (`base`: the section's address).
 */

import type { AeQuality } from "@/lib/clinical/adverse-events/quality";
import { countedNotes, linkList } from "@/sections/frame/note-rules";
import { type DataNote, linkedNote, plural } from "@/sections/frame/ui/notices";
import { derivationNotes } from "./derivation-notes";
import type { AdverseEventsView } from "./load";
import { type ListingParams, listingHref } from "./query";

/** The listing filtered by exactly these parameters. */
type Listing = (filter: ListingParams) => string;

const verb = (n: number, one: string, many: string) => (n === 1 ? one : many);

export function adverseEventsNotes(view: AdverseEventsView, base: string): DataNote[] {
  const q = view.quality;
  const listing: Listing = (filter) => listingHref(base, new URLSearchParams(), filter);
  return [
    ...recordNotes(view),
    ...countedNotes([[q.outside.events, () => outsideNote(q.outside, listing)]]),
    ...eventNotes(q, listing),
    ...ctcaeNotes(q.ctcaeVersions, listing),
    ...derivationNotes(q, base),
  ];
}

/** Group members that could not be read or have no Patient, and records sent twice. */
const recordNotes = (view: AdverseEventsView): DataNote[] =>
  countedNotes([
    [view.unreadableMembers, (n) => `${plural(n, "Group member")} could not be read: the reference names no Patient.`],
    [
      view.quality.membersWithoutPatient,
      (n) => `${plural(n, "Group member")} without a Patient record: counted in N, with no adverse events.`,
    ],
    [
      view.quality.duplicates,
      (n) =>
        `${plural(n, "adverse-event record")} ${verb(n, "was", "were")} sent again with the same ` +
        "identifier: each event counts once.",
    ],
  ]);

function outsideNote({ events, subjects, noSubject }: AeQuality["outside"], listing: Listing): DataNote {
  const whose = [
    ...(events > noSubject
      ? [`${plural(events - noSubject, "adverse event")} of ${plural(subjects, "subject")} outside the study's Group`]
      : []),
    ...(noSubject ? [`${plural(noSubject, "adverse event")} naming no Patient`] : []),
  ];
  return linkedNote(
    whose.join(" and "),
    listing({ scope: "outside" }),
    `: ${verb(events, "it is", "they are")} not in the overview, the table by term ` +
      'or the chart; the listing shows them (flag "Not in the Group").',
  );
}

/** Events without a grade or with mixed grades, and events whose dates give no duration. */
const eventNotes = (q: AeQuality, listing: Listing): DataNote[] =>
  countedNotes([
    [
      q.ungraded,
      (n) =>
        linkedNote(
          `${plural(n, "adverse event")} without a grade`,
          listing({ grade: "missing" }),
          ': a subject whose events of a term have no grade is counted under "Grade missing"; such events count in ' +
            "no grade line of the overview.",
        ),
    ],
    [
      q.mixedGrades,
      (n) =>
        linkedNote(
          `${plural(n, "subject-term pair")} with both graded and ungraded events`,
          listing({ flag: "mixed-grades" }),
          ": counted at the highest known grade (marked † in the table by term).",
        ),
    ],
    [
      q.endBeforeStart,
      (n) =>
        linkedNote(
          `${plural(n, "adverse event")} ${verb(n, "ends before it starts", "end before they start")}`,
          listing({ flag: "end-before-start" }),
          ": no duration; flagged in the listing.",
        ),
    ],
    [
      q.noStart,
      (n) =>
        linkedNote(
          `${plural(n, "adverse event")} without a start date`,
          listing({ flag: "no-start" }),
          ": no duration; flagged in the listing.",
        ),
    ],
  ]);

/** More than one CTCAE version, and events graded without one. */
function ctcaeNotes(ctcaeVersions: AeQuality["ctcaeVersions"], listing: Listing): DataNote[] {
  const notes: DataNote[] = [];
  const versions = ctcaeVersions.filter((v) => v.version !== null);
  if (versions.length > 1) {
    const each = linkList(
      versions.map((v) => ({
        text: `${plural(v.events, "event")} graded with CTCAE ${v.version}`,
        href: listing({ ctcae: v.version! }),
      })),
    );
    notes.push([
      "Mixed CTCAE versions: ",
      ...each,
      ". Grades are counted as sent, without mapping one version to the other.",
    ]);
  }
  const none = ctcaeVersions.find((v) => v.version === null);
  if (none)
    notes.push(
      linkedNote(`${plural(none.events, "adverse event")} without a CTCAE version`, listing({ ctcae: "none" }), "."),
    );
  return notes;
}

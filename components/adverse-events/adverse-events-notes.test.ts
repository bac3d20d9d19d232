import { describe, expect, it } from "vitest";
import type { AeQuality } from "@/lib/clinical/ae-quality";
import type { AdverseEventsView } from "@/lib/study-views/load-adverse-events";
import { adverseEventsNotes } from "./adverse-events-notes";

const quality = (outside: AeQuality["outside"]): AeQuality => ({
  duplicates: 0,
  outside,
  membersWithoutPatient: 0,
  ungraded: 0,
  endBeforeStart: 0,
  noStart: 0,
  ctcaeVersions: [{ version: "5.0", events: 10 }],
  mixedGrades: 0,
});
// The notes read the quality counts and the unreadable members only.
const notes = (outside: AeQuality["outside"]) =>
  adverseEventsNotes({ quality: quality(outside), unreadableMembers: 0 } as unknown as AdverseEventsView);

const LEFT_OUT =
  'not in the overview, the table by term or the chart; the listing shows them (flag "Not in the Group").';

describe("adverseEventsNotes: events outside the Group", () => {
  it.each([
    [{ events: 3, subjects: 2, noSubject: 0 }, `3 adverse events of 2 subjects outside the study's Group: they are`],
    [{ events: 1, subjects: 0, noSubject: 1 }, "1 adverse event naming no Patient: it is"],
    // An event naming no Patient belongs to no subject: it is not counted as one more subject.
    [
      { events: 3, subjects: 1, noSubject: 1 },
      `2 adverse events of 1 subject outside the study's Group and 1 adverse event naming no Patient: they are`,
    ],
  ])("%j", (outside, start) => expect(notes(outside)).toEqual([`${start} ${LEFT_OUT}`]));
});

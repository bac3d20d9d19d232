import { describe, expect, it } from "vitest";
import type { AeQuality } from "@/lib/clinical/adverse-events/quality";
import { noteText } from "@/sections/frame/ui/notices";
import type { AdverseEventsView } from "./load";
import { adverseEventsNotes } from "./notes";

const P = "/studies/c/ONC-101/adverse-events";
const quality = (over: Partial<AeQuality>): AeQuality => ({
  duplicates: 0,
  outside: { events: 0, subjects: 0, noSubject: 0 },
  membersWithoutPatient: 0,
  ungraded: 0,
  endBeforeStart: 0,
  noStart: 0,
  ctcaeVersions: [{ version: "5.0", events: 10 }],
  mixedGrades: 0,
  unreadableEnd: 0,
  noFirstDose: { events: 0, subjects: 0 },
  teaeNoStart: 0,
  unmapped: { terms: 0, events: 0 },
  ...over,
});
// The notes read the quality counts and the unreadable members only.
const notes = (over: Partial<AeQuality>) =>
  adverseEventsNotes({ quality: quality(over), unreadableMembers: 0 } as unknown as AdverseEventsView, P);

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
  ])("%j", (outside, start) => expect(notes({ outside }).map(noteText)).toEqual([`${start} ${LEFT_OUT}`]));
});

describe("adverseEventsNotes: each count opens the listing of exactly its events", () => {
  const listing = (query: string) => ({ href: `${P}?${query}#ae-listing` });
  it.each([
    ["outside the Group", { outside: { events: 2, subjects: 1, noSubject: 0 } }, [listing("scope=outside")]],
    ["without a grade", { ungraded: 2 }, [{ text: "2 adverse events without a grade", ...listing("grade=missing") }]],
    ["end before start", { endBeforeStart: 1 }, [{ text: "1 adverse event ends before it starts" }]],
    ["no start date", { noStart: 3 }, [{ text: "3 adverse events without a start date", ...listing("flag=no-start") }]],
    [
      "each CTCAE version, and none",
      {
        ctcaeVersions: [
          { version: "5.0", events: 7 },
          { version: "4.03", events: 1 },
          { version: null, events: 2 },
        ],
      },
      [
        { text: "7 events graded with CTCAE 5.0", ...listing("ctcae=5.0") },
        { text: "1 event graded with CTCAE 4.03", ...listing("ctcae=4.03") },
        { text: "2 adverse events without a CTCAE version", ...listing("ctcae=none") },
      ],
    ],
  ])("%s", (_name, over, links) => {
    const got = notes(over as Partial<AeQuality>).flatMap((n) => (typeof n === "string" ? [] : n));
    expect(got.filter((p) => typeof p !== "string")).toMatchObject(links);
  });

  it("the events ending before they start open the listing by their flag", () => {
    const [note] = notes({ endBeforeStart: 2 });
    expect(note).toEqual([
      { text: "2 adverse events end before they start", href: `${P}?flag=end-before-start#ae-listing` },
      ": no duration; flagged in the listing.",
    ]);
  });

  it("the subject-term pairs graded and ungraded open the listing of their events", () => {
    const [note] = notes({ mixedGrades: 22 });
    expect(note).toEqual([
      { text: "22 subject-term pairs with both graded and ungraded events", href: `${P}?flag=mixed-grades#ae-listing` },
      ": counted at the highest known grade (marked † in the table by term).",
    ]);
  });

  it("a note without a listing stays words", () => {
    expect(notes({ duplicates: 2 }).every((n) => typeof n === "string")).toBe(true);
  });
});

describe("adverseEventsNotes: the derivations' notes", () => {
  it("each count opens the listing of exactly its events, TEAE ones with the TEAE choice", () => {
    const got = notes({
      noFirstDose: { events: 3, subjects: 2 },
      teaeNoStart: 1,
      unreadableEnd: 2,
      unmapped: { terms: 1, events: 4 },
    });
    expect(got.map(noteText)).toEqual([
      "3 adverse events of 2 subjects in the Group whose first dose of the study drug is unknown (no study-drug " +
        "record with a readable start): never treatment-emergent, and no study day.",
      "1 adverse event of the Group without a start date: it counts as treatment-emergent, since none ends before " +
        "the subject's first dose (an event without a start may have begun on treatment).",
      '2 adverse events with an end date that is no date: shown as sent, marked "unreadable"; no duration, and not ' +
        "taken for an ongoing event.",
      '1 term (4 events of the Group) that CTCAE v5.0 does not have: no system organ class, shown under "Unmapped".',
    ]);
    const hrefs = got.flatMap((n) =>
      typeof n === "string" ? [] : n.flatMap((p) => (typeof p === "string" ? [] : p.href)),
    );
    expect(hrefs).toEqual([
      `${P}?scope=group&flag=no-first-dose#ae-listing`,
      `${P}?teae=1&scope=group&flag=no-start#ae-listing`,
      `${P}?flag=unreadable-end#ae-listing`,
      `${P}?scope=group&soc=Unmapped#ae-listing`,
    ]);
  });
});

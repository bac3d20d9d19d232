import { describe, expect, it } from "vitest";
import type { MedicationDataCounts } from "@/lib/clinical/medications/summary";
import { noteText } from "@/sections/frame/ui/notices";
import type { MedicationsView } from "./load";
import { medicationNotes } from "./notes";

const B = "/studies/c/ONC-101/medications";
const counts = (over: Partial<MedicationDataCounts>): MedicationDataCounts => ({
  records: 50,
  noDose: 0,
  noStart: 0,
  openEnded: 0,
  unreadableDates: 0,
  outsideGroup: { records: 0, subjects: 0 },
  noSubject: 0,
  repeatedIds: 0,
  ...over,
});
// The notes read the counts of each kind and N only.
const notes = (over: Partial<MedicationDataCounts>, studyDrug: Partial<MedicationDataCounts> = {}) =>
  medicationNotes(
    { counts: counts(over), studyDrugCounts: counts({ records: 20, ...studyDrug }), members: 10 } as MedicationsView,
    B,
  );

describe("medicationNotes: a count opens its records of its kind where the listing can show them", () => {
  it.each([
    [
      "open-ended",
      { openEnded: 3 },
      '3 open-ended concomitant-medication records (the partner sent no end date): shown as "ongoing".',
      `${B}?ongoing=1&kind=concomitant#medication-listing`,
    ],
    [
      "no start date: the start column reads exactly 'not recorded'",
      { noStart: 1 },
      '1 concomitant-medication record without a start date: shown as "not recorded".',
      `${B}?kind=concomitant&med_f_start=%3Dnot+recorded#medication-listing`,
    ],
    [
      "outside the Group: their note",
      { outsideGroup: { records: 2, subjects: 1 } },
      "2 concomitant-medication records of 1 subject outside the study's Group: listed, but not counted in the " +
        "subjects per drug.",
      `${B}?kind=concomitant&med_f_note=%3DSubject+not+in+the+study%27s+Group%3A+not+counted+per+drug.` +
        "#medication-listing",
    ],
  ])("%s", (_name, over, text, href) => {
    const [note] = notes(over);
    expect(noteText(note)).toBe(text);
    expect(typeof note === "string" ? null : note.find((p) => typeof p !== "string")).toMatchObject({ href });
  });

  it("a record without a dose has no filter of its own: the note stays words", () => {
    expect(notes({ noDose: 2 })).toEqual(['2 concomitant-medication records have no dose: shown as "not recorded".']);
  });

  it("counts the study drug's records apart, after the concomitant medications, each opening its own", () => {
    const all = notes({ openEnded: 1 }, { openEnded: 19, outsideGroup: { records: 1, subjects: 1 } });
    expect(all.map(noteText)).toEqual([
      '1 open-ended concomitant-medication record (the partner sent no end date): shown as "ongoing".',
      '19 open-ended study-drug records (the partner sent no end date): shown as "ongoing".',
      "1 study-drug record of 1 subject outside the study's Group: listed, but not counted in the exposure.",
    ]);
    const href = (note: (typeof all)[number]) =>
      typeof note === "string" ? null : note.find((p) => typeof p !== "string");
    expect(href(all[1])).toMatchObject({ href: `${B}?ongoing=1&kind=study-drug#medication-listing` });
  });
});

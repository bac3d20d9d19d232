import { describe, expect, it } from "vitest";
import type { VitalDataCounts } from "@/lib/clinical/vital-signs/study";
import { noteText } from "@/sections/frame/ui/notices";
import type { VitalSignsView } from "@/sections/vital-signs/load";
import { vitalSignsNotes } from "./notes";

const B = "/studies/c/ONC-101/vital-signs";
const counts = (over: Partial<VitalDataCounts>): VitalDataCounts => ({
  records: 100,
  noSubject: 0,
  noVisit: 0,
  noDate: 0,
  noResult: 0,
  numbersWithoutUnit: 0,
  numbers: 90,
  numbersWithRange: 90,
  multiUnit: [],
  textInNumericItems: [],
  earlierReadings: [],
  ...over,
});
// The notes read the counts only.
const notes = (over: Partial<VitalDataCounts>) => vitalSignsNotes({ counts: counts(over) } as VitalSignsView, B);
const links = (over: Partial<VitalDataCounts>) =>
  notes(over).flatMap((n) => (typeof n === "string" ? [] : n.filter((p) => typeof p !== "string")));

describe("vitalSignsNotes", () => {
  it("says nothing when nothing is odd", () => expect(notes({})).toEqual([]));

  it("says once that no vital sign has a range, with no count to open", () => {
    expect(notes({ numbersWithRange: 0 })).toEqual([
      "The partner sent no reference range with any vital sign, so no value is flagged as out of range.",
    ]);
  });

  it.each([
    ["some without a range", { numbersWithRange: 87 }, "3 numeric results", "?issue=no-range#vital-issue"],
    ["without a unit", { numbersWithoutUnit: 2 }, "2 numeric results", "?issue=no-unit#vital-issue"],
    ["no result", { noResult: 1 }, "1 record with neither a number nor a text", "?issue=no-result#vital-issue"],
    ["no subject", { noSubject: 4 }, "4 records without a subject", "?issue=no-subject#vital-issue"],
    ["no visit", { noVisit: 1 }, "1 record without a visit", "?issue=no-visit#vital-issue"],
    ["no date", { noDate: 2 }, "2 records without a readable date", "?issue=no-date#vital-issue"],
    [
      "an item's records without a number: its text group",
      { textInNumericItems: [{ test: "Pulse", records: 3 }] },
      "3 records without a number",
      "?item=Pulse&text=1#vital-listing",
    ],
  ])("%s: the count opens its records", (_name, over, text, query) => {
    expect(links(over)).toEqual([{ text, href: `${B}${query}` }]);
  });

  it("a group's earlier readings of a subject at a visit open the group's records its summary leaves out", () => {
    const earlierReadings = [{ test: "Pulse", unit: "bpm", kind: "number" as const, records: 2 }];
    const [note] = notes({ earlierReadings });
    expect(noteText(note)).toBe(
      "Pulse (bpm): 2 earlier readings of a subject at a visit where it has a later one: listed, not summarised " +
        "(the summary counts the last reading of the visit, one per subject).",
    );
    expect(links({ earlierReadings })).toEqual([
      { text: "2 earlier readings", href: `${B}?item=Pulse&unit=bpm&counted=0#vital-listing` },
    ]);
  });

  it("names the partner's items plainly and their units as a report writes them", () => {
    const [units] = notes({ multiUnit: [{ test: "BSA m2", units: ["m2", null] }] });
    expect(noteText(units)).toBe(
      "Body surface area is recorded in 2 units (m², no unit): each unit is summarised and charted on its own, " +
        "never mixed.",
    );
    const [text] = notes({ textInNumericItems: [{ test: "Weight (kilograms)", records: 3 }] });
    expect(noteText(text)).toBe(
      'Weight: 3 records without a number (text or no result), counted and listed under "Weight (text)", never ' +
        "averaged.",
    );
  });

  it("an item in two units opens each unit's group", () => {
    const [note] = notes({ multiUnit: [{ test: "Weight", units: ["kg", null] }] });
    expect(noteText(note)).toBe(
      "Weight is recorded in 2 units (kg, no unit): each unit is summarised and charted on its own, never mixed.",
    );
    expect(links({ multiUnit: [{ test: "Weight", units: ["kg", null] }] })).toEqual([
      { text: "kg", href: `${B}?item=Weight&unit=kg` },
      { text: "no unit", href: `${B}?item=Weight&unit=` },
    ]);
  });
});

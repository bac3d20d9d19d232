import { describe, expect, it } from "vitest";
import { listingNarrowing, resultsCaption } from "./listing-caption";
import type { ChosenTest } from "./load";

/** What the words read of a chosen test: its name, its listing's choice and the subjects of a shift-table cell. */
const chosen = (choice: Partial<ChosenTest["choice"]>) =>
  ({
    name: "GLUC",
    shiftSubjects: null,
    choice: { unit: undefined, visit: undefined, show: "numeric", shift: null, phase: null, valueMax: null, ...choice },
  }) as unknown as ChosenTest;

describe("the listing bounded by a value, in words", () => {
  it("says the values of at most the bound, with the query that removes it", () => {
    const test = chosen({ unit: "mg/dL", valueMax: 0 });
    expect(resultsCaption(test)).toBe("Numeric results of GLUC: unit mg/dL, values of 0 or less");
    expect(listingNarrowing(test).at(-1)).toEqual({ text: "values of 0 or less", without: { valueMax: null } });
  });

  it("says nothing of a bound when there is none", () =>
    expect(resultsCaption(chosen({}))).toBe("Numeric results of GLUC"));
});

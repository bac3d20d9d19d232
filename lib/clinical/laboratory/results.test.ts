import { describe, expect, it } from "vitest";
import { RESULT_CHOICES, type ResultChoice, resultMatches } from "./results";

const rows = {
  low: { value: 60, text: null, range: "70-99" },
  normal: { value: 99, text: null, range: "70-99" },
  high: { value: 35, text: null, range: "<35" },
  freeText: { value: 500, text: null, range: "Normal" },
  noRange: { value: 5, text: null, range: null },
  text: { value: null, text: "Trace", range: "Negative" },
  empty: { value: null, text: null, range: null },
};

// Which rows each choice shows, by hand from the rules (a strict bound `<35` makes 35 itself H).
const SHOWN: Record<ResultChoice, (keyof typeof rows)[]> = {
  abnormal: ["low", "high"],
  all: ["low", "normal", "high", "freeText", "noRange", "text", "empty"],
  low: ["low"],
  high: ["high"],
  numeric: ["low", "normal", "high", "freeText", "noRange"],
  // The base of the overview's percentages: a free-text range or none gives no bound.
  ranged: ["low", "normal", "high"],
  text: ["text"],
};

describe("resultMatches", () => {
  it.each(RESULT_CHOICES.map((c) => [c, SHOWN[c]] as const))("%s shows %j", (choice, shown) => {
    const keys = (Object.keys(rows) as (keyof typeof rows)[]).filter((k) => resultMatches(rows[k], choice));
    expect(keys).toEqual(shown);
  });
});

/** Treatment-emergent or not, worked out by hand at each boundary (docs/clinical-rules.md). */
import { describe, expect, it } from "vitest";
import { isTreatmentEmergent, type TeaeStatus, teaeStatus } from "./teae";

describe("teaeStatus (first dose 2024-03-10)", () => {
  const FIRST = "2024-03-10";
  const cases: [string, string | null, string | null, string | null, TeaeStatus, boolean][] = [
    ["the day before the first dose", "2024-03-09", "2024-03-20", FIRST, "before-first-dose", false],
    ["the day of the first dose (compared by calendar day)", "2024-03-10", null, FIRST, "emergent", true],
    ["the day after", "2024-03-11", "2024-03-11", FIRST, "emergent", true],
    // A year and a month earlier than the first dose's: text order is calendar order for YYYY-MM-DD.
    ["long before", "2023-12-31", null, FIRST, "before-first-dose", false],
    [
      "starting before and lasting into treatment: not emergent",
      "2024-03-01",
      "2024-04-01",
      FIRST,
      "before-first-dose",
      false,
    ],
    ["no start, no end: may have begun on treatment", null, null, FIRST, "emergent-no-start", true],
    ["no start, ends on the day of the first dose", null, "2024-03-10", FIRST, "emergent-no-start", true],
    ["no start, ends the day before the first dose", null, "2024-03-09", FIRST, "before-first-dose", false],
    ["no first dose known", "2024-03-11", null, null, "no-first-dose", false],
    ["no first dose known, no start", null, null, null, "no-first-dose", false],
  ];
  it.each(cases)("%s", (_name, start, end, firstDose, status, emergent) => {
    expect(teaeStatus(start, end, firstDose)).toBe(status);
    expect(isTreatmentEmergent(teaeStatus(start, end, firstDose))).toBe(emergent);
  });
});

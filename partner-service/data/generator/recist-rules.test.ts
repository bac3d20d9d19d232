import { describe, expect, it } from "vitest";
import {
  isCompleteResponse,
  isPartialResponse,
  isProgression,
  type LesionReading,
  type NonTargetResponse,
  nadirOf,
  nonTargetResponse,
  type OverallResponse,
  overallResponse,
  percentChange,
  RESPONSE_LABEL,
  type TargetResponse,
  targetResponse,
  targetSum,
} from "./recist-rules";

const lesion = (value: number | null, state = "Present", isNode = false): LesionReading => ({ state, isNode, value });

describe("targetSum", () => {
  const cases: [string, LesionReading[], number | null][] = [
    ["plain longest diameters", [lesion(21.4), lesion(13.2)], 34.6],
    ["disappeared counts 0 whatever its value", [lesion(20), lesion(7, "Disappeared")], 20],
    ["too small counts 5", [lesion(20), lesion(3, "Too small")], 25],
    ["too small counts 5 when no value is recorded", [lesion(null, "Too small")], 5],
    ["node counts its short axis", [lesion(17, "Present", true), lesion(12)], 29],
    ["node under 10 mm still counts", [lesion(8, "Present", true)], 8],
    ["not assessed target gives no sum", [lesion(20), lesion(null, "Not assessed")], null],
    ["not evaluable target gives no sum", [lesion(20), lesion(15, "Not evaluable")], null],
    ["a measured target without value gives no sum", [lesion(20), lesion(null)], null],
    ["float noise is rounded away (10.1 + 20.2 = 30.3)", [lesion(10.1), lesion(20.2)], 30.3],
    ["no target at all gives no sum (not 0 mm)", [], null],
  ];
  it.each(cases)("%s", (_name, targets, expected) => {
    expect(targetSum(targets)).toBe(expected);
  });
  it("takes another too-small value as a parameter", () => {
    expect(targetSum([lesion(20), lesion(null, "Too small")], 3)).toBe(23);
  });
});

describe("threshold helpers", () => {
  it("PR boundary: exactly 30 % decrease is PR, 29.9 % is not", () => {
    expect(isPartialResponse(70, 100)).toBe(true);
    expect(isPartialResponse(70.1, 100)).toBe(false);
    expect(isPartialResponse(21, 30)).toBe(true); // 9/30 = 30 % exactly
  });
  it("PD boundary needs 20 % and 5 mm", () => {
    expect(isProgression(30, 25)).toBe(true); // +5 mm, +20 %
    expect(isProgression(24, 20)).toBe(false); // +20 % but only 4 mm
    expect(isProgression(29.9, 25)).toBe(false); // +4.9 mm, +19.6 %
    expect(isProgression(57, 50)).toBe(false); // +7 mm but only 14 %
    expect(isProgression(5, 0)).toBe(true); // from a zero nadir 5 mm is enough
  });
  it("percent change and nadir", () => {
    expect(percentChange(70, 100)).toBeCloseTo(-30, 10);
    expect(percentChange(55, 44)).toBeCloseTo(25, 10);
    expect(percentChange(null, 44)).toBeNull();
    expect(percentChange(10, 0)).toBeNull();
    expect(nadirOf([50, null, 42, 47])).toBe(42);
    expect(nadirOf([null])).toBeNull();
  });
});

describe("isCompleteResponse", () => {
  it("needs every non-nodal target gone and nodes under 10 mm", () => {
    expect(isCompleteResponse([lesion(0, "Disappeared"), lesion(9, "Present", true)])).toBe(true);
    expect(isCompleteResponse([lesion(0, "Disappeared"), lesion(10, "Present", true)])).toBe(false);
    expect(isCompleteResponse([lesion(0, "Disappeared"), lesion(null, "Too small")])).toBe(false);
    expect(isCompleteResponse([])).toBe(false);
  });
});

describe("targetResponse", () => {
  type Row = [string, number, number, number | null, LesionReading[], TargetResponse];
  const cases: Row[] = [
    ["exactly 30 % decrease from baseline is PR", 100, 100, 70, [lesion(40), lesion(30)], "PR"],
    ["29.9 % decrease is SD", 100, 100, 70.1, [lesion(40.1), lesion(30)], "SD"],
    ["PR is measured from baseline, not nadir", 100, 60, 69, [lesion(69)], "PR"],
    ["+20 % over nadir but only 4 mm is not PD", 25, 20, 24, [lesion(24)], "SD"],
    ["+20 % and +5 mm over nadir is PD", 50, 25, 30, [lesion(30)], "PD"],
    ["PD from the nadir even though below baseline", 60, 25, 30, [lesion(30)], "PD"],
    [
      "CR with a target node at 9 mm (sum 9 > 0)",
      40,
      20,
      9,
      [lesion(0, "Disappeared"), lesion(9, "Present", true)],
      "CR",
    ],
    [
      "node at 10 mm is not CR, 75 % decrease is PR",
      40,
      20,
      10,
      [lesion(0, "Disappeared"), lesion(10, "Present", true)],
      "PR",
    ],
    ["too small target blocks CR", 40, 20, 5, [lesion(0, "Disappeared"), lesion(null, "Too small")], "PR"],
    ["not assessed target is NE", 50, 45, null, [lesion(30), lesion(null, "Not assessed")], "NE"],
    ["not evaluable target is NE", 50, 45, null, [lesion(30), lesion(null, "Not evaluable")], "NE"],
    ["not assessed, but the others already prove PD", 50, 30, null, [lesion(40), lesion(null, "Not assessed")], "PD"],
    ["no change is SD", 50, 50, 50, [lesion(50)], "SD"],
    ["no target lesion at all: None (Table 2 decides)", 0, 0, null, [], "None"],
  ];
  it.each(cases)("%s", (_name, baselineSum, nadirSum, currentSum, targets, expected) => {
    expect(targetResponse({ baselineSum, nadirSum, currentSum, targets })).toBe(expected);
  });
});

describe("nonTargetResponse", () => {
  const cases: [string, LesionReading[], NonTargetResponse][] = [
    ["no non-targets", [], "None"],
    ["all gone", [lesion(null, "Disappeared"), lesion(null, "Disappeared")], "CR"],
    ["gone and a node at 8 mm", [lesion(null, "Disappeared"), lesion(8, "Stable/Improved", true)], "CR"],
    ["a node at 12 mm remains", [lesion(12, "Stable/Improved", true)], "Non-CR/Non-PD"],
    ["a bone lesion remains", [lesion(null, "Stable/Improved")], "Non-CR/Non-PD"],
    ["unequivocal progression", [lesion(null, "Stable/Improved"), lesion(null, "Uneqv. prog.")], "PD"],
    ["one not assessed", [lesion(null, "Not assessed")], "NE"],
  ];
  it.each(cases)("%s", (_name, lesions, expected) => {
    expect(nonTargetResponse(lesions)).toBe(expected);
  });
});

describe("overallResponse (the tables in docs/clinical-rules.md, RECIST 1.1 Table 2 included)", () => {
  const cases: [TargetResponse, NonTargetResponse, boolean, OverallResponse][] = [
    ["CR", "CR", false, "CR"],
    ["CR", "None", false, "CR"],
    ["CR", "Non-CR/Non-PD", false, "PR"],
    ["CR", "NE", false, "PR"],
    ["PR", "Non-CR/Non-PD", false, "PR"],
    ["PR", "NE", false, "PR"],
    ["PR", "CR", false, "PR"],
    ["SD", "Non-CR/Non-PD", false, "SD"],
    ["SD", "NE", false, "SD"],
    ["NE", "Non-CR/Non-PD", false, "NE"],
    ["NE", "None", false, "NE"],
    ["PD", "CR", false, "PD"],
    ["PD", "Non-CR/Non-PD", false, "PD"],
    ["CR", "PD", false, "PD"],
    ["SD", "PD", false, "PD"],
    ["CR", "CR", true, "PD"],
    ["PR", "Non-CR/Non-PD", true, "PD"],
    ["NE", "NE", true, "PD"],
    // RECIST 1.1 Table 2: no target lesion at baseline.
    ["None", "CR", false, "CR"],
    ["None", "Non-CR/Non-PD", false, "Non-CR/Non-PD"],
    ["None", "NE", false, "NE"],
    ["None", "PD", false, "PD"],
    ["None", "CR", true, "PD"],
    ["None", "Non-CR/Non-PD", true, "PD"],
    ["None", "NE", true, "PD"],
    ["None", "None", false, "NE"],
  ];
  it.each(cases)("target %s, non-target %s, new lesion %s -> %s", (t, nt, nl, expected) => {
    expect(overallResponse(t, nt, nl)).toBe(expected);
  });
  it("labels match the partner's conclusion values", () => {
    expect(RESPONSE_LABEL).toEqual({
      CR: "Complete Response",
      PR: "Partial Response",
      SD: "Stable Disease",
      "Non-CR/Non-PD": "Non-CR/Non-PD",
      PD: "Progressive Disease",
      NE: "Not Evaluable",
    });
  });
});

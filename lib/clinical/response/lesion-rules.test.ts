import { describe, expect, it } from "vitest";
import {
  assessedSum,
  nonTargetGone,
  type Reading,
  stateKind,
  targetContribution,
  targetResolved,
  targetSum,
} from "./lesion-rules";

const r = (state: string | null, value: number | null, node = false): Reading => ({ state, value, node });

describe("stateKind", () => {
  it.each([
    ["Disappeared", "disappeared"],
    ["  DISAPPEARED ", "disappeared"],
    ["Too small", "too-small"],
    ["too  small", "too-small"],
    ["Not assessed", "not-assessed"],
    ["Not evaluable", "not-evaluable"],
    ["Uneqv. prog.", "progression"],
    ["Unequivocal progression", "progression"],
    ["Present", "present"],
    ["Defined", "present"],
    ["Stable/Improved", "present"],
    ["Undefined", "present"],
    [null, "present"],
  ])("%s is %s", (state, kind) => expect(stateKind(state)).toBe(kind));
});

describe("targetContribution", () => {
  it.each([
    // Disappeared counts 0 whatever was recorded.
    [r("Disappeared", 7), 0],
    [r("Disappeared", null), 0],
    // Too small counts the 5 mm default with or without a value.
    [r("Too small", null), 5],
    [r("Too small", 3), 5],
    [r("Too small", null, true), 5],
    // Not assessed / not evaluable are unknown, even with a value.
    [r("Not assessed", 12), null],
    [r("Not evaluable", null), null],
    // Any other state: the value; a node by its short axis, also under 10 mm.
    [r("Present", 23.4), 23.4],
    [r("Defined", 0), 0],
    [r("Present", 8, true), 8],
    [r("Present", null), null],
  ])("%o adds %s", (reading, mm) => expect(targetContribution(reading)).toBe(mm));
});

describe("targetSum and assessedSum", () => {
  it.each([
    // 10.1 + 20.2 = 30.3 exactly, not 30.299999999999997.
    [[r("Present", 10.1), r("Present", 20.2)], 0, 30.3, 30.3],
    // 0 (disappeared) + 5 (too small) + 8 (node) = 13.
    [[r("Disappeared", null), r("Too small", null), r("Present", 8, true)], 0, 13, 13],
    // One target not assessed: no sum; the measured ones still add 30 + 12 = 42.
    [[r("Present", 30), r("Not assessed", null), r("Present", 12)], 0, null, 42],
    // A baseline target without any reading: no sum; measured 30.
    [[r("Present", 30)], 1, null, 30],
    // No target: no sum.
    [[], 0, null, null],
    [[r("Not evaluable", null)], 0, null, null],
  ] as [Reading[], number, number | null, number | null][])(
    "%o (missing %s): sum %s, measured %s",
    (targets, missing, sum, measured) => {
      expect(targetSum(targets, missing)).toBe(sum);
      expect(assessedSum(targets)).toBe(measured);
    },
  );
});

describe("targetResolved (complete response of a target)", () => {
  it.each([
    [r("Disappeared", null), true],
    [r("Present", 0), true],
    // A non-nodal lesion too small to measure is still there.
    [r("Too small", null), false],
    [r("Present", 4), false],
    // A node is normal under 10 mm short axis, or when too small, or gone.
    [r("Present", 9.9, true), true],
    [r("Present", 10, true), false],
    [r("Too small", null, true), true],
    [r("Disappeared", null, true), true],
    [r("Not assessed", 0), false],
    [r("Not evaluable", 5, true), false],
  ])("%o: %s", (reading, resolved) => expect(targetResolved(reading)).toBe(resolved));
});

describe("nonTargetGone", () => {
  it.each([
    [r("Disappeared", null), true],
    [r("Present", null), false],
    [r("Stable/Improved", 9.4, true), true],
    [r("Stable/Improved", 10, true), false],
    [r("Stable/Improved", null, true), false],
    [r("Not assessed", 5, true), false],
    [r("Too small", null), false],
  ])("%o: %s", (reading, gone) => expect(nonTargetGone(reading)).toBe(gone));
});

import { describe, expect, it } from "vitest";
import type { Reading } from "./lesion-rules";
import {
  isPartialResponse,
  isProgression,
  type NonTargetResponse,
  nonTargetResponse,
  overallResponse,
  type Response,
  signedResponse,
  type TargetResponse,
  targetResponse,
} from "./timepoint";

const t = (value: number | null, state = "Present"): Reading => ({ state, value, node: false });
const n = (value: number | null, state = "Present"): Reading => ({ state, value, node: true });

describe("isProgression (sum against nadir)", () => {
  it.each([
    // 30 - 25 = 5 mm and 30 / 25 = 1.20: both thresholds met exactly.
    [30, 25, true],
    // 24 - 20 = 4 mm although +20 %: not progression.
    [24, 20, false],
    // 57 - 50 = 7 mm but only +14 %: not progression.
    [57, 50, false],
    // 29.9 - 25 = 4.9 mm, +19.6 %.
    [29.9, 25, false],
    // 1.2 x 41.5 = 49.8 exactly (binary 49.800000000000004), +8.3 mm: progression.
    [49.8, 41.5, true],
    // From a nadir of 0, 5 mm is enough; 4.9 is not.
    [5, 0, true],
    [4.9, 0, false],
  ])("sum %s, nadir %s: %s", (sum, nadir, expected) => expect(isProgression(sum, nadir)).toBe(expected));
});

describe("isPartialResponse (sum against baseline)", () => {
  it.each([
    // 35 / 50 = 0.70: exactly -30 % is a partial response.
    [35, 50, true],
    // 35.1 / 50 = 0.702: -29.8 %.
    [35.1, 50, false],
    // 0.7 x 65 = 45.5 (binary 45.49999999999999): exactly -30 %.
    [45.5, 65, true],
    // 0.7 x 33.3 = 23.31: exactly -30 %.
    [23.31, 33.3, true],
    [0, 0, false],
  ])("sum %s, baseline %s: %s", (sum, baseline, expected) => expect(isPartialResponse(sum, baseline)).toBe(expected));
});

describe("targetResponse", () => {
  it.each([
    // No target lesion (none at baseline): "None", so that the overall response follows Table 2.
    ["no target at all", [], 0, null, null, "None"],
    // 30 measured, one not assessed; 30 is below the nadir 40: not evaluable.
    ["a target not assessed, no growth", [t(30), t(null, "Not assessed")], 0, 50, 40, "NE"],
    // Measured 46: +6 mm over 40 but 46 < 1.2 x 40 = 48: not evaluable.
    ["a target not evaluable, +6 mm but +15 %", [t(46), t(8, "Not evaluable")], 0, 50, 40, "NE"],
    // Measured 49 already: +9 mm and 49 >= 48: progression despite the unknown target.
    ["NE target but the measured ones progressed", [t(49), t(null, "Not evaluable")], 0, 50, 40, "PD"],
    // A baseline target without reading: 30 is no growth over 50.
    ["a baseline target missing", [t(30)], 1, 50, 50, "NE"],
    // Nodes 8 and 9.5 (< 10 mm) and a disappeared lesion: CR with a sum of 17.5 mm.
    ["CR with nodes under 10 mm", [n(8), n(9.5), t(null, "Disappeared")], 0, 60, 20, "CR"],
    // Sum 9 + 9 = 18 is +8 mm and +80 % over a nadir of 10, yet every node is normal: CR comes first.
    ["CR before the progression arithmetic", [n(9), n(9)], 0, 60, 10, "CR"],
    // A node of exactly 10 mm is not normal: 10 + 0 = 10 <= 0.7 x 60 = 42: PR.
    ["a node of 10 mm keeps it a PR", [n(10), t(null, "Disappeared")], 0, 60, 12, "PR"],
    // Too small (5 mm) is not gone: 5 + 0 = 5 <= 28: PR.
    ["too small is no CR", [t(null, "Too small"), t(0, "Disappeared")], 0, 40, 5, "PR"],
    // 20 + 15 = 35 against 50: exactly -30 %.
    ["exactly -30 % is PR", [t(20), t(15)], 0, 50, 50, "PR"],
    // 20 + 15.1 = 35.1: -29.8 %.
    ["-29.8 % is SD", [t(20), t(15.1)], 0, 50, 50, "SD"],
    // 18 + 12 = 30 over a nadir of 25: +5 mm, +20 %.
    ["+20 % and +5 mm is PD", [t(18), t(12)], 0, 40, 25, "PD"],
    // 24 over 20: +20 % but 4 mm; 24 > 0.7 x 30 = 21: SD.
    ["+20 % with less than 5 mm is SD", [t(24)], 0, 30, 20, "SD"],
    // 5 over a nadir of 0 (all gone before): progression, not CR (5 mm is measured).
    ["regrowth from a nadir of 0", [t(5)], 0, 30, 0, "PD"],
    // 30 against baseline 100 is -70 %, but +10 mm and +50 % over the nadir 20: PD wins.
    ["PD before PR", [t(30)], 0, 100, 20, "PD"],
  ] as [string, Reading[], number, number | null, number | null, TargetResponse][])(
    "%s",
    (_, targets, missing, baselineSum, nadir, expected) => {
      expect(targetResponse({ targets, missing, baselineSum, nadir })).toBe(expected);
    },
  );
});

describe("targetResponse after a complete response (a target seen again)", () => {
  // RECIST 1.1: once the overall response was CR, any lesion seen again is progression, whatever its size; the
  // nadir is then 0 (or the normal nodes' sizes), and the 5 mm of the arithmetic no longer decides.
  it.each([
    // 0.1 mm over a nadir of 0: +0.1 mm, short of 5 mm, yet seen again after CR: PD.
    ["a lesion back at 0.1 mm after CR", [t(0.1), t(null, "Disappeared")], 0, true, "PD"],
    // The same without a CR before (targets CR, non-targets present: PR): 0.1 <= 0.7 x 40 = 28: PR.
    ["the same after a PR with a nadir of 0", [t(0.1), t(null, "Disappeared")], 0, false, "PR"],
    // 4.9 mm over 0 without a CR before: +4.9 mm, not PD; 4.9 <= 28: PR.
    ["4.9 mm over a nadir of 0, no CR before", [t(4.9)], 0, false, "PR"],
    // 5.0 mm over 0: +5 mm and 5 >= 1.2 x 0: PD by the arithmetic, CR before or not.
    ["5 mm over a nadir of 0, no CR before", [t(5)], 0, false, "PD"],
    // Too small counts 5 mm and is not resolved: seen again.
    ["too small after CR", [t(null, "Too small"), t(0, "Disappeared")], 0, true, "PD"],
    // Still gone: 0 mm and disappeared: CR stays CR.
    ["still gone after CR", [t(0), t(null, "Disappeared")], 0, true, "CR"],
    // A node of 9.9 mm is normal (< 10): resolved, CR.
    ["a node at 9.9 mm after CR", [n(9.9), t(null, "Disappeared")], 0, true, "CR"],
    // A node of 10.0 mm is abnormal again: seen again after CR, PD (sum 10 over a nadir of 8 is only +2 mm).
    ["a node at 10 mm after CR", [n(10), t(null, "Disappeared")], 8, true, "PD"],
    // A target not assessed is not seen: not evaluable, not PD.
    ["a target not assessed after CR", [t(null, "Not assessed"), t(null, "Disappeared")], 0, true, "NE"],
  ] as [string, Reading[], number, boolean, TargetResponse][])("%s", (_, targets, nadir, afterCr, expected) => {
    expect(targetResponse({ targets, missing: 0, baselineSum: 40, nadir, afterCr })).toBe(expected);
  });
});

describe("nonTargetResponse after a complete response", () => {
  it.each([
    // A non-target present again after CR: PD (seen again), not Non-CR/Non-PD.
    [[t(null)], true, "PD"],
    [[t(null)], false, "Non-CR/Non-PD"],
    // A node back at 10 mm: seen again; at 9.9 mm it is still gone.
    [[n(10, "Stable/Improved")], true, "PD"],
    [[n(9.9, "Stable/Improved")], true, "CR"],
    // Not assessed: not seen, not evaluable.
    [[t(null, "Not assessed")], true, "NE"],
  ] as [Reading[], boolean, NonTargetResponse][])("%o after CR %s: %s", (readings, afterCr, expected) => {
    expect(nonTargetResponse(readings, 0, afterCr)).toBe(expected);
  });
});

describe("nonTargetResponse", () => {
  it.each([
    [[], 0, "None"],
    [[t(null)], 0, "Non-CR/Non-PD"],
    [[t(null, "Disappeared"), t(null, "Disappeared")], 0, "CR"],
    [[n(9.4, "Stable/Improved")], 0, "CR"],
    [[n(10, "Stable/Improved")], 0, "Non-CR/Non-PD"],
    [[t(null, "Disappeared"), t(null, "Uneqv. prog.")], 0, "PD"],
    // Unequivocal progression decides even when another non-target was not assessed.
    [[t(null, "Not assessed"), n(30, "Uneqv. prog.")], 0, "PD"],
    [[t(null), t(null, "Not evaluable")], 0, "NE"],
    [[t(null, "Disappeared")], 1, "NE"],
    [[], 1, "NE"],
  ] as [Reading[], number, NonTargetResponse][])("%o (missing %s): %s", (readings, missing, expected) => {
    expect(nonTargetResponse(readings, missing)).toBe(expected);
  });
});

describe("overallResponse", () => {
  const columns: NonTargetResponse[] = ["CR", "Non-CR/Non-PD", "NE", "PD", "None"];
  // The rules' table, row by row (target response), column by column (non-target response), no new lesion.
  const table: [TargetResponse, Response[]][] = [
    ["CR", ["CR", "PR", "PR", "PD", "CR"]],
    ["PR", ["PR", "PR", "PR", "PD", "PR"]],
    ["SD", ["SD", "SD", "SD", "PD", "SD"]],
    ["PD", ["PD", "PD", "PD", "PD", "PD"]],
    ["NE", ["NE", "NE", "NE", "PD", "NE"]],
    // RECIST 1.1 Table 2, no target at baseline: non-target CR -> CR, Non-CR/Non-PD -> Non-CR/Non-PD, not all
    // evaluated -> NE, unequivocal progression -> PD; with no lesion at all there is nothing to evaluate: NE.
    ["None", ["CR", "Non-CR/Non-PD", "NE", "PD", "NE"]],
  ];
  for (const [target, row] of table) {
    columns.forEach((nonTarget, i) => {
      it(`${target} with non-target ${nonTarget}: ${row[i]}; with a new lesion: PD`, () => {
        expect(overallResponse(target, nonTarget, false)).toBe(row[i]);
        expect(overallResponse(target, nonTarget, true)).toBe("PD");
      });
    });
  }
});

describe("signedResponse", () => {
  it.each([
    ["Complete Response", "CR"],
    ["partial response", "PR"],
    [" Stable  Disease ", "SD"],
    // Table 2's own response, not SD.
    ["Non-CR/Non-PD", "Non-CR/Non-PD"],
    [" non-CR / non-PD ", "Non-CR/Non-PD"],
    ["Progressive Disease", "PD"],
    ["Not Evaluable", "NE"],
    ["Undefined", null],
    ["Yes", null],
    [null, null],
  ])("%s: %s", (text, expected) => expect(signedResponse(text)).toBe(expected));
});

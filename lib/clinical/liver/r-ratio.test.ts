import { describe, expect, it } from "vitest";
import { peaksOf, readLiverResults } from "./peaks";
import { alpByDay, type InjuryPattern, injuryPattern, rRatio } from "./r-ratio";
import { lab } from "./test-rows";

describe("injuryPattern: R >= 5 hepatocellular, R <= 2 cholestatic, in between mixed", () => {
  it.each<[number, InjuryPattern]>([
    [5, "hepatocellular"],
    [4.999, "mixed"],
    [12, "hepatocellular"],
    [2, "cholestatic"],
    [2.001, "mixed"],
    [3.5, "mixed"],
    [0.4, "cholestatic"],
  ])("R %s: %s", (r, pattern) => expect(injuryPattern(r)).toBe(pattern));
});

describe("rRatio: ALT ×ULN at the ALT peak over ALP ×ULN of the same sample", () => {
  // ALT against <=40, ALP against 40-129.
  const rows = [
    lab("H", "ALT", 200, "2024-02-01"), // 5.0
    lab("H", "ALP", 129, "2024-02-01"), // 1.0: R = 5.0 / 1.0 = 5, hepatocellular (the boundary)
    lab("C", "ALT", 80, "2024-02-01"), // 2.0
    lab("C", "ALP", 129, "2024-02-01"), // 1.0: R = 2, cholestatic (the boundary)
    lab("M", "ALT", 160, "2024-02-01"), // 4.0
    lab("M", "ALP", 129, "2024-02-01"), // R = 4, mixed
    lab("Q", "ALT", 100, "2024-02-01"), // 2.5
    lab("Q", "ALP", 64.5, "2024-02-01"), // 0.5: R = 5, hepatocellular
    lab("T", "ALT", 120, "2024-02-01", undefined, "10:00:00"), // 3.0, collected at 10:00
    lab("T", "ALP", 129, "2024-02-01", undefined, "07:00:00"), // 1.0, earlier that day
    lab("T", "ALP", 258, "2024-02-01", undefined, "10:00:00"), // 2.0, the ALT's own sample: R = 1.5
    lab("E", "ALT", 120, "2024-02-01", undefined, "10:00:00"), // 3.0
    lab("E", "ALP", 387, "2024-02-01", undefined, "12:00:00"), // 3.0
    lab("E", "ALP", 129, "2024-02-01", undefined, "07:00:00"), // 1.0, the day's first collected: R = 3
    lab("N", "ALT", 200, "2024-02-01"),
    lab("N", "ALP", 129, "2024-01-31"), // the day before: no ALP of the peak's day
    lab("U", "ALT", 200, null), // an undated peak
  ];
  const read = readLiverResults(rows);
  const peaks = peaksOf(read);
  const alp = alpByDay(read.alp);
  const ratioOf = (id: string) => {
    const got = rRatio(peaks.bySubject.get(id)?.ALT, (date) => alp.get(id)?.get(date));
    return got.r === null ? [null, got.reason] : [got.r, got.pattern, got.alp.value];
  };

  it.each([
    ["H", [5, "hepatocellular", 129]],
    ["C", [2, "cholestatic", 129]],
    ["M", [4, "mixed", 129]],
    ["Q", [5, "hepatocellular", 64.5]],
    ["T", [1.5, "cholestatic", 258]],
    ["E", [3, "mixed", 129]],
    ["N", [null, "no-alp"]],
    ["U", [null, "alt-undated"]],
    ["X", [null, "no-alt"]],
  ])("%s: %j", (id, want) => expect(ratioOf(id)).toEqual(want));
});

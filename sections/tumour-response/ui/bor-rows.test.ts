import { describe, expect, it } from "vitest";
import type { BorSummary, StudyResponse } from "@/lib/clinical/response/study-response";
import { borTableRows, differenceText, intervalText } from "./bor-rows";

// 20 evaluable subjects. Signed: CR 1, PR 4, SD 10, PD 5; recomputed: CR 1, PR 3, SD 11, PD 5. The intervals are
// given (their arithmetic is clopper-pearson.test.ts's): 5 of 20 is 0.0866 to 0.4910 (docs/clinical-rules.md).
const summary = (pr: number, sd: number, orr: [number, number], dcr: [number, number]): BorSummary => ({
  counts: { CR: 1, PR: pr, SD: sd, "Non-CR/Non-PD": 0, PD: 5, NE: 0 },
  orr: { n: 1 + pr, of: 20, percent: (100 * (1 + pr)) / 20, interval: { lower: orr[0], upper: orr[1] } },
  dcr: { n: 15, of: 20, percent: 75, interval: { lower: dcr[0], upper: dcr[1] } },
});
const study: StudyResponse = {
  population: "evaluable",
  n: 20,
  evaluable: 20,
  itt: 20,
  leftOut: [
    { subjectId: "S21", reason: "no baseline" },
    { subjectId: "S22", reason: "baseline sum 0" },
  ],
  leftOutByReason: new Map([
    ["no baseline", 1],
    ["baseline sum 0", 1],
  ]),
  signed: summary(4, 10, [0.0866, 0.491], [0.509, 0.9134]),
  recomputed: summary(3, 11, [0.0573, 0.4366], [0.509, 0.9134]),
  differ: ["S3"],
};
const links = { drill: (source: string, group: string) => `?${source}-${group}`, differ: "#differ", leftOut: "#out" };

describe("borTableRows: the BOR table as signed and as recomputed", () => {
  const rows = borTableRows(study, links);
  const shown = rows.map((r) => [r.response, r.signedN, r.signedPercent, r.recomputedN, r.recomputedPercent]);

  it("counts each response, N, the rates and who is left out, with % of N to one decimal", () => {
    expect(shown).toEqual([
      ["CR (complete response)", 1, "5.0", 1, "5.0"],
      ["PR (partial response)", 4, "20.0", 3, "15.0"],
      ["SD (stable disease)", 10, "50.0", 11, "55.0"],
      ["Non-CR/Non-PD (non-target disease only)", 0, "0.0", 0, "0.0"],
      ["PD (progressive disease)", 5, "25.0", 5, "25.0"],
      ["NE (not evaluable)", 0, "0.0", 0, "0.0"],
      ["N (evaluable subjects)", 20, "", 20, ""],
      ["ORR: objective response rate (CR + PR)", 5, "25.0", 4, "20.0"],
      ["DCR: disease control rate (CR + PR + SD + Non-CR/Non-PD)", 15, "75.0", 15, "75.0"],
      ["Left out of N (not evaluable)", 2, "", 2, ""],
    ]);
  });

  it("gives the rates' exact intervals in percent, and only theirs", () => {
    expect(rows.map((r) => [r.signedCi, r.recomputedCi])).toEqual([
      ...Array(7).fill(["", ""]),
      ["8.7–49.1", "5.7–43.7"],
      ["50.9–91.3", "50.9–91.3"],
      ["", ""],
    ]);
  });

  it("opens each count's subjects, none for a count of 0; a difference opens the list of differences", () => {
    expect(rows.map((r) => [r.signedHref, r.recomputedHref, r.difference, r.differenceHref])).toEqual([
      ["?signed-CR", "?recomputed-CR", "= same", null],
      ["?signed-PR", "?recomputed-PR", "≠ differs: recomputed −1", "#differ"],
      ["?signed-SD", "?recomputed-SD", "≠ differs: recomputed +1", "#differ"],
      [null, null, "= same", null],
      ["?signed-PD", "?recomputed-PD", "= same", null],
      [null, null, "= same", null],
      ["?signed-N", "?recomputed-N", "= same", null],
      ["?signed-ORR", "?recomputed-ORR", "≠ differs: recomputed −1", "#differ"],
      ["?signed-DCR", "?recomputed-DCR", "= same", null],
      ["#out", "#out", "= same", null],
    ]);
  });
});

describe("borTableRows under intent to treat", () => {
  it("names N as the intent-to-treat N and counts only the subjects not in it as left out", () => {
    const itt: StudyResponse = { ...study, population: "itt", n: 22, itt: 22, leftOut: study.leftOut.slice(0, 1) };
    const rows = borTableRows(itt, links);
    expect(rows.find((r) => String(r.response).startsWith("N "))?.signedN).toBe(22);
    expect(rows.find((r) => String(r.response).startsWith("N "))?.response).toBe(
      "N (intent to treat: the evaluable subjects and those with disease at baseline but no assessment after it)",
    );
    expect(rows.at(-1)?.signedN).toBe(1);
  });
});

describe("intervalText and differenceText", () => {
  it.each([
    [null, ""],
    [{ lower: 0, upper: 1 }, "0.0–100.0"],
    [{ lower: 0.33378900611309653, upper: 0.6662109938869034 }, "33.4–66.6"],
  ])("%o: %s", (interval, text) => expect(intervalText(interval)).toBe(text));
  it.each([
    [3, 3, "= same"],
    [3, 5, "≠ differs: recomputed +2"],
    [5, 3, "≠ differs: recomputed −2"],
  ])("signed %d, recomputed %d: %s", (a, b, text) => expect(differenceText(a, b)).toBe(text));
});

import { describe, expect, it } from "vitest";
import type { LiverPeak } from "@/lib/clinical/liver/peaks";
import type { RRatio } from "@/lib/clinical/liver/r-ratio";
import { patternRows, patternWord } from "./liver-patterns";

const peak = (test: string, timesUln: number, date: string | null): LiverPeak => ({
  timesUln,
  ratio: timesUln,
  value: timesUln * 40,
  uln: 40,
  unit: "U/L",
  date,
  resultId: `${test}-1`,
  test,
  collectedAt: date && `${date}T08:00:00`,
});

const RATIOS: [string, RRatio][] = [
  // 5.0 ×ULN of ALT over 1.0 ×ULN of ALP: R 5, hepatocellular.
  ["H", { r: 5, pattern: "hepatocellular", alt: peak("ALT", 5, "2024-02-01"), alp: peak("ALP", 1, "2024-02-01") }],
  ["N", { r: null, reason: "no-alp", alt: peak("Alanine aminotransferase", 4, "2024-02-01") }],
  ["U", { r: null, reason: "alt-undated", alt: peak("ALT", 4, null) }],
];

describe("patternRows and patternWord", () => {
  it("write R and the pattern, or why there is none", () => {
    const rows = patternRows(RATIOS.map(([subjectId, ratio]) => ({ subjectId, ratio })));
    expect(rows.map((r) => [r.subjectId, r.subject__href, r.altTimesUln, r.alpTimesUln, r.r, r.pattern])).toEqual([
      ["H", "H?trend=liver", 5, 1, 5, "Hepatocellular"],
      ["N", "N?trend=liver", 4, null, null, "Not available: no usable ALP result from the day of the ALT peak"],
      ["U", "U?trend=liver", 4, null, null, "Not available: the ALT peak has no date"],
    ]);
    expect(RATIOS.map(([, ratio]) => patternWord(ratio))).toEqual([
      "hepatocellular, R 5",
      "ALP not available",
      "R not available",
    ]);
  });
});

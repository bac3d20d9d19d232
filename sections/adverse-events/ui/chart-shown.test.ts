import { describe, expect, it } from "vitest";
import { chartShown } from "./chart-shown";

const chart = (shown: number, kept: number, of: number) => ({ rows: Array.from({ length: shown }), kept, of });
const MIN = "an incidence of at least 10 % of N (the minimum above)";

describe("chartShown: how many terms the chart shows of how many, and which", () => {
  it.each([
    ["no minimum", chart(20, 85, 85), 0, "Showing 20 of 85 terms: the most frequent by subjects."],
    ["no minimum, few terms", chart(7, 7, 7), 0, "Showing 7 of 7 terms: the most frequent by subjects."],
    [
      "a minimum keeping more than 20",
      chart(20, 34, 85),
      10,
      `Showing 20 of 85 terms: the most frequent by subjects of the 34 terms with ${MIN}.`,
    ],
    ["a minimum keeping 12", chart(12, 12, 85), 10, `Showing 12 of 85 terms: every term with ${MIN}.`],
    ["a minimum keeping none", chart(0, 0, 85), 10, `Showing 0 of 85 terms: no term has ${MIN}.`],
  ])("%s", (_name, c, min, text) => expect(chartShown(c, min)).toBe(text));
});

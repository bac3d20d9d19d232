import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BoxMarks, boxWords, linearFromBar } from "./BoxMarks";

// The worked example of docs/clinical-rules.md (Box plots): 1, 2, 3, 4, 5, 6, 7, 30.
const box = { n: 8, min: 1, q1: 2.75, median: 4.5, q3: 6.25, max: 30, whiskerLow: 1, whiskerHigh: 7, outliers: [30] };

describe("a box plot's marks", () => {
  // 10 pixels a unit, 0 at y = 400.
  const y = (v: number) => 400 - 10 * v;
  const html = renderToStaticMarkup(
    <svg aria-hidden="true">
      <BoxMarks box={box} y={y} mid={50} width={20} />
    </svg>,
  );

  it("draws the whiskers from the quartiles to Tukey's ends, not to the min and max", () => {
    // Upper: from 7 (y 330) to Q3 6.25 (y 337.5); lower: from Q1 2.75 (y 372.5) to 1 (y 390).
    expect(html).toContain('<line x1="50" x2="50" y1="330" y2="337.5" stroke="#1e3a8a" data-whisker="high">');
    expect(html).toContain('<line x1="50" x2="50" y1="372.5" y2="390" stroke="#1e3a8a" data-whisker="low">');
  });

  it("draws each outlier as a hollow circle at its value, and the box from Q1 to Q3", () => {
    expect(html.match(/<circle /g)).toHaveLength(1);
    expect(html).toMatch(/<circle cx="50" cy="100" r="3" fill="#ffffff"[^>]*data-outlier="30"/);
    expect(html).toContain('<rect x="40" y="337.5" width="20" height="35"');
  });

  it("says it in words, the whisker ends beside the min and max, and the outliers", () => {
    expect(boxWords(box, "U/L")).toBe(
      "n 8, min 1, whisker 1, Q1 2.75, median 4.5, Q3 6.25, whisker 7, max 30 U/L; outliers 30",
    );
    expect(boxWords({ ...box, outliers: [] }, "")).toMatch(/max 30; no outliers$/);
  });
});

describe("a value's height read off a range bar", () => {
  it("puts the max at the bar's top and the min at its bottom, proportionally between", () => {
    // The bar from y 100 (max 30) down to y 390 (min 1): 10 pixels a unit.
    const at = linearFromBar({ y: 100, height: 290 }, 1, 30);
    expect([at(30), at(1), at(7)]).toEqual([100, 390, 330]);
  });
});

import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { GRADE_LOOK } from "./palette";
import { PatternDefs } from "./patterns";

const html = renderToStaticMarkup(
  <svg aria-hidden="true">
    <PatternDefs prefix="t" looks={GRADE_LOOK} />
  </svg>,
);
/** Each pattern's tile width and its marks (everything after the background), by grade. */
const patterns = Object.fromEntries(
  [...html.matchAll(/<pattern id="t-pattern-(\w+)"[^>]*width="(\d+)"[^>]*>(<rect[^>]*><\/rect>)(.*?)<\/pattern>/g)].map(
    (m) => [m[1], { width: Number(m[2]), background: m[3], marks: m[4] }],
  ),
);

describe("the grades' fill patterns as drawn", () => {
  it("draws grades 1 to 4 as one thin white hatch, its lines 4, 6, 8 and 10 pixels apart", () => {
    expect(["g1", "g2", "g3", "g4"].map((g) => patterns[g].width)).toEqual([4, 6, 8, 10]);
    for (const g of ["g1", "g2", "g3", "g4"]) {
      expect(patterns[g].marks, g).toMatch(/^<path d="M0,\d+ L\d+,0[^"]*" stroke="#ffffff" stroke-width="1"><\/path>$/);
    }
  });

  it("fills grade 5 plainly and a missing grade with dots, each over its own colour", () => {
    expect(patterns.g5.marks).toBe("");
    expect(patterns.missing.marks).toMatch(/^<circle /);
    expect(patterns.g1.background).toContain(`fill="${GRADE_LOOK.g1.colour}"`);
    expect(patterns.g5.background).toContain(`fill="${GRADE_LOOK.g5.colour}"`);
  });
});

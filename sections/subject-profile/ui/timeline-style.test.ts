import { describe, expect, it } from "vitest";
import { seriesColour, seriesTextColour } from "./timeline-style";

// WCAG 2.2 relative luminance and contrast, written here.
const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => linear(Number.parseInt(hex.slice(i, i + 2), 16) / 255));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe("the text written on a timeline bar", () => {
  it.each(["Grade 1", "Grade 2", "Grade 3", "Grade 4", "Grade 5", "Grade missing", "Study medication"])(
    "on %s is at least 4.5:1 against the bar",
    (series) => expect(contrast(seriesTextColour(series), seriesColour(series))).toBeGreaterThanOrEqual(4.5),
  );

  it("is dark on grade 1's light blue, white on the darker grades", () => {
    expect(seriesTextColour("Grade 1")).toBe("#111827");
    expect(seriesTextColour("Grade 4")).toBe("#ffffff");
  });
});

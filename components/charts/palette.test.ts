/**
 * The palette's promises, checked from the hex values with the WCAG 2.2 formulas written here (not taken from
 * the module): each colour's contrast against white as its comment states it, marks at least 3:1 (1.4.11), text
 * at least 4.5:1 (1.4.3); no two categories told apart by hue alone (each has its own pattern, each response its
 * own marker); and the colours still apart for a reader with protanopia or deuteranopia (Viénot, Brettel and
 * Mollon 1999, in linear RGB), as a CIE76 colour difference.
 */
import { describe, expect, it } from "vitest";
import {
  ABOVE_RANGE,
  BELOW_RANGE,
  CHART_INK,
  CHART_TEXT,
  CONTEXT_MARK,
  DISTRIBUTION_LOOK,
  GRADE_LOOK,
  LIVER_LOOK,
  RANGE_BOUND,
  REFERENCE_LINE,
  RESPONSE_LOOK,
  SERIES_COLOURS,
  SWIM_LANE,
  TIMELINE_LOOK,
  TIMEPOINT_EXTRA_LOOK,
} from "./palette";

const WHITE = "#ffffff";
const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
/** sRGB to linear light (WCAG 2.2, relative luminance). */
const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const luminance = (hex: string) => {
  const [r, g, b] = channels(hex).map(linear);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// The ratios the palette's comments state, to two decimals, written out here.
const STATED: [string, string, number][] = [
  ["text", CHART_TEXT, 14.68],
  ["ink", CHART_INK, 17.74],
  ["reference line", REFERENCE_LINE, 10.35],
  ["grade 1", GRADE_LOOK.g1.colour, 3.68],
  ["grade 2", GRADE_LOOK.g2.colour, 6.7],
  ["grade 3", GRADE_LOOK.g3.colour, 10.36],
  ["grade 4", GRADE_LOOK.g4.colour, 14.69],
  ["grade 5", GRADE_LOOK.g5.colour, 19.8],
  ["grade missing", GRADE_LOOK.missing.colour, 4.83],
  ["CR", RESPONSE_LOOK.CR.colour, 5.93],
  ["PR", RESPONSE_LOOK.PR.colour, 7.1],
  ["SD", RESPONSE_LOOK.SD.colour, 3.19],
  ["PD", RESPONSE_LOOK.PD.colour, 6.47],
  ["NE", RESPONSE_LOOK.NE.colour, 7.73],
  ["NN", TIMEPOINT_EXTRA_LOOK.NN.colour, 5.36],
  ["BL", TIMEPOINT_EXTRA_LOOK.BL.colour, 14.63],
  ["series blue", SERIES_COLOURS[0], 6.7],
  ["series green", SERIES_COLOURS[1], 5.48],
  ["series fuchsia", SERIES_COLOURS[2], 6.32],
  ["series amber", SERIES_COLOURS[3], 3.19],
  ["series cyan", SERIES_COLOURS[4], 5.36],
  ["above the range", ABOVE_RANGE, 6.47],
  ["below the range", BELOW_RANGE, 5.36],
  ["context", CONTEXT_MARK, 7.56],
  ["range bound", RANGE_BOUND, 4.76],
  ["distribution", DISTRIBUTION_LOOK.line, 10.36],
  ["eDISH normal", LIVER_LOOK.normal, 7.58],
  ["eDISH hyperbilirubinemia", LIVER_LOOK.hyperbilirubinemia, 3.19],
  ["eDISH Temple's corollary", LIVER_LOOK.temple, 6.7],
  ["eDISH Hy's law", LIVER_LOOK["hys-law"], 6.47],
  ["study medication", TIMELINE_LOOK.studyMedication, 6.7],
  ["other medication", TIMELINE_LOOK.otherMedication, 7.58],
  ["laboratory visit", TIMELINE_LOOK.laboratory, 5.47],
  ["other response", TIMELINE_LOOK.otherResponse, 5.48],
  ["swimmer bar's outline", SWIM_LANE.outline, 4.76],
];

/** Sets of colours that one chart or one lane shows side by side, as `{ name: { colour } }`. */
const sideBySide = (entries: Record<string, string>) =>
  Object.fromEntries(Object.entries(entries).map(([k, colour]) => [k, { colour }]));

const SETS = {
  grades: GRADE_LOOK,
  responses: RESPONSE_LOOK,
  timepoints: { ...RESPONSE_LOOK, ...TIMEPOINT_EXTRA_LOOK },
  // The lesion chart: the lesions' lines with the sum, the reported sum and the nadir.
  "lesion chart's lines": sideBySide({
    ...Object.fromEntries(SERIES_COLOURS.map((c, i) => [`lesion ${i + 1}`, c])),
    sum: CHART_INK,
    reported: CONTEXT_MARK,
    nadir: ABOVE_RANGE,
  }),
  // A trend: its units' series (four at most in practice), high and low results, AE onsets.
  "trend's marks": sideBySide({
    ...Object.fromEntries(SERIES_COLOURS.slice(0, 4).map((c, i) => [`series ${i + 1}`, c])),
    high: ABOVE_RANGE,
    low: BELOW_RANGE,
    onset: CONTEXT_MARK,
  }),
  "eDISH quadrants": sideBySide(LIVER_LOOK),
  "medication lane": sideBySide({ study: TIMELINE_LOOK.studyMedication, other: TIMELINE_LOOK.otherMedication }),
  "response lane": {
    ...RESPONSE_LOOK,
    ...TIMEPOINT_EXTRA_LOOK,
    other: { colour: TIMELINE_LOOK.otherResponse },
  },
};

describe("contrast against the white page", () => {
  it.each(STATED)("%s (%s) is %d:1, as its comment says", (_, hex, ratio) => {
    expect(contrast(hex, WHITE)).toBeCloseTo(ratio, 2);
  });

  it("the formula itself: black on white is 21:1, white on white 1:1", () => {
    expect(contrast("#000000", WHITE)).toBeCloseTo(21, 5);
    expect(contrast(WHITE, WHITE)).toBe(1);
  });

  it("marks are at least 3:1 and chart text at least 4.5:1", () => {
    for (const [name, hex] of STATED) expect(contrast(hex, WHITE), name).toBeGreaterThanOrEqual(3);
    expect(contrast(CHART_TEXT, WHITE)).toBeGreaterThanOrEqual(4.5);
  });

  it("the letters written on each category's colour are at least 4.5:1 against it", () => {
    for (const look of [...Object.values(GRADE_LOOK), ...Object.values(SETS.timepoints)]) {
      expect(contrast(look.text, look.colour), look.colour).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe("more than hue", () => {
  // The timeline draws time points as markers, never as patterned bars: patterns only matter within a set of bars.
  it.each(Object.entries({ grades: GRADE_LOOK, responses: RESPONSE_LOOK }))(
    "each of the %s has its own fill pattern",
    (_, set) => {
      const patterns = Object.values(set).map((l) => l.pattern);
      expect(new Set(patterns).size).toBe(patterns.length);
    },
  );

  it("each time point has its own marker shape", () => {
    const markers = Object.values(SETS.timepoints).map((l) => l.marker);
    expect(new Set(markers).size).toBe(markers.length);
  });
});

describe("the grades are an ordinal scale", () => {
  const grades = [GRADE_LOOK.g1, GRADE_LOOK.g2, GRADE_LOOK.g3, GRADE_LOOK.g4];

  it("grades 1 to 4: relative luminance falls strictly from grade 1 to grade 4", () => {
    // By hand (WCAG): #3b82f6 0.2355, #1d4ed8 0.1067, #1e3a8a 0.0514, #172554 0.0215.
    const l = grades.map((g) => luminance(g.colour));
    expect(l.map((v) => Number(v.toFixed(4)))).toEqual([0.2355, 0.1067, 0.0514, 0.0215]);
    for (let i = 1; i < l.length; i++) expect(l[i], `grade ${i + 1}`).toBeLessThan(l[i - 1]);
  });

  it("grades 1 to 4 are one hue family: their CIE LCh hues within 15 degrees", () => {
    const hues = grades.map((g) => {
      const [, a, b] = lab(channels(g.colour).map(linear));
      return (Math.atan2(b, a) * 180) / Math.PI;
    });
    expect(Math.max(...hues) - Math.min(...hues)).toBeLessThan(15);
  });

  it("grade 5 (death) is near-black, darker than grade 4; a missing grade is a neutral grey", () => {
    expect(luminance(GRADE_LOOK.g5.colour)).toBeLessThan(luminance(GRADE_LOOK.g4.colour));
    expect(contrast(GRADE_LOOK.g5.colour, "#000000")).toBeLessThan(1.1);
    const [, a, b] = lab(channels(GRADE_LOOK.missing.colour).map(linear));
    expect(Math.hypot(a, b)).toBeLessThan(10);
  });

  it("without colour: grades 1 to 4 are hatches, their spacing growing with the grade; grade 5 solid", () => {
    expect(grades.map((g) => g.pattern)).toEqual(["hatch-4", "hatch-6", "hatch-8", "hatch-10"]);
    expect(GRADE_LOOK.g5.pattern).toBe("solid");
    expect(GRADE_LOOK.missing.pattern).toBe("dots");
  });
});

// Viénot, Brettel and Mollon (1999): the colour a dichromat sees, as a matrix on linear RGB.
const DICHROMAT: Record<string, number[][]> = {
  protanopia: [
    [0.11238, 0.88762, 0],
    [0.11238, 0.88762, 0],
    [0.00401, -0.00401, 1],
  ],
  deuteranopia: [
    [0.29275, 0.70725, 0],
    [0.29275, 0.70725, 0],
    [-0.02234, 0.02234, 1],
  ],
};

/** CIE L*a*b* (D65) of a linear RGB colour. */
function lab([r, g, b]: number[]): number[] {
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

function seenAs(hex: string, m: number[][]): number[] {
  const v = channels(hex).map(linear);
  return lab(m.map((row) => Math.min(1, Math.max(0, row[0] * v[0] + row[1] * v[1] + row[2] * v[2]))));
}

/** A colour difference that most readers notice at a glance, for marks side by side. */
const APART = 10;

describe("apart for colour-blind readers", () => {
  it("the simulation keeps grey grey and makes red and green alike", () => {
    const m = DICHROMAT.deuteranopia;
    const grey = seenAs("#777777", m);
    expect(Math.abs(grey[1]) + Math.abs(grey[2])).toBeLessThan(1);
    // A red and a green 120 apart for most readers, under 10 apart with deuteranopia.
    const [red, green] = [seenAs("#d62728", m), seenAs("#2ca02c", m)];
    expect(Math.hypot(...red.map((c, i) => c - green[i]))).toBeLessThan(APART);
  });

  for (const [deficiency, m] of Object.entries(DICHROMAT)) {
    it.each(Object.entries(SETS))(`the %s stay ${APART} or more apart with ${deficiency}`, (_, set) => {
      const seen = Object.entries(set).map(([k, l]) => [k, seenAs(l.colour, m)] as const);
      for (const [i, [a, la]] of seen.entries()) {
        for (const [b, lb] of seen.slice(i + 1)) {
          expect(Math.hypot(...la.map((c, j) => c - lb[j])), `${a} / ${b}`).toBeGreaterThanOrEqual(APART);
        }
      }
    });
  }
});

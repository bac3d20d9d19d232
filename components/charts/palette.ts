/**
 * The charts' colours, in one place (docs/accessibility.md, Charts). Every colour is given with its contrast ratio
 * against the white page (WCAG 2.2 relative luminance): marks need 3:1 (1.4.11 non-text contrast), text 4.5:1
 * (1.4.3). Categories never differ by hue alone: each grade and each response has its own fill pattern (bars) and
 * each response its own marker shape (points), both shown in the legends, and the charts write the grade or the
 * response's letters beside or on the mark. The colours were also chosen to stay apart for readers with
 * protanopia or deuteranopia (palette.test.ts simulates both). No imports: server and client code share it.
 */

/**
 * A bar's fill pattern: white marks over its colour (components/charts/patterns.tsx draws them). `hatch-n`: thin
 * diagonal lines n pixels apart.
 */
export type ChartPattern =
  | "solid"
  | "diagonal"
  | "dots"
  | "crosshatch"
  | "horizontal"
  | "vertical"
  | "hatch-4"
  | "hatch-6"
  | "hatch-8"
  | "hatch-10";
/** A point's marker shape: recharts' Symbols types. */
export type ChartMarker = "circle" | "cross" | "diamond" | "square" | "star" | "triangle" | "wye";

export interface CategoryLook {
  /** The mark's colour: at least 3:1 against white. */
  colour: string;
  /** Text written on the colour: at least 4.5:1 against it. */
  text: string;
  pattern: ChartPattern;
}

export interface ResponseLook extends CategoryLook {
  marker: ChartMarker;
  /** The spider plot's line dash (none: solid). */
  dash?: string;
}

/** Axis ticks, labels and legends: 14.68:1 on white. */
export const CHART_TEXT = "#1f2937";
/** Outlines and marks drawn in black ink (progression cross, new-lesion star, arrows): 17.74:1. */
export const CHART_INK = "#111827";
/** Reference lines (0 %, +20 %, −30 %, day 1): 10.35:1. */
export const REFERENCE_LINE = "#334155";

/**
 * The worst CTCAE grade of an adverse event (grade missing too), an ordinal scale: grades 1 to 4 are one blue, light
 * to dark (relative luminance falls strictly from grade 1 to 4), grade 5 (death) is near-black and solid, and a
 * missing grade a neutral grey. Without colour, grades 1 to 4 are thin white hatches whose spacing grows with the
 * grade (the lighter grade, the denser hatch), the missing grade dots. Every fill is at least 3:1 on white.
 */
export const GRADE_LOOK = {
  /** Blue, 3.68:1; its letters dark, 4.82:1 on it. */
  g1: { colour: "#3b82f6", text: "#111827", pattern: "hatch-4" },
  /** Darker blue, 6.70:1. */
  g2: { colour: "#1d4ed8", text: "#ffffff", pattern: "hatch-6" },
  /** Navy, 10.36:1. */
  g3: { colour: "#1e3a8a", text: "#ffffff", pattern: "hatch-8" },
  /** Deep navy, 14.69:1. */
  g4: { colour: "#172554", text: "#ffffff", pattern: "hatch-10" },
  /** Near-black, 19.80:1, solid. */
  g5: { colour: "#0a0a0a", text: "#ffffff", pattern: "solid" },
  /** Neutral grey, 4.83:1. */
  missing: { colour: "#6b7280", text: "#ffffff", pattern: "dots" },
} as const satisfies Record<string, CategoryLook>;

export type GradeKey = keyof typeof GRADE_LOOK;

/** RECIST 1.1 responses (a time point's, a subject's best overall response). */
export const RESPONSE_LOOK = {
  /** Blue, 5.93:1; white letters 5.93:1. */
  CR: { colour: "#0369a1", text: "#ffffff", pattern: "solid", marker: "circle" },
  /** Violet, 7.10:1; white letters 7.10:1. */
  PR: { colour: "#6d28d9", text: "#ffffff", pattern: "diagonal", marker: "triangle" },
  /** Amber, 3.19:1 (a mark, not text); its letters dark, 5.57:1 on it. */
  SD: { colour: "#d97706", text: "#111827", pattern: "dots", marker: "square", dash: "6 3" },
  /** Red, 6.47:1; white letters 6.47:1. */
  PD: { colour: "#b91c1c", text: "#ffffff", pattern: "crosshatch", marker: "diamond", dash: "2 2" },
  /** Zinc grey, 7.73:1; white letters 7.73:1. */
  NE: { colour: "#52525b", text: "#ffffff", pattern: "horizontal", marker: "wye", dash: "8 3 2 3" },
} as const satisfies Record<string, ResponseLook>;

/** The subject timeline's other time points: Non-CR/Non-PD and the baseline. */
export const TIMEPOINT_EXTRA_LOOK = {
  /** Cyan, 5.36:1. */
  NN: { colour: "#0e7490", text: "#ffffff", pattern: "vertical", marker: "star" },
  /** Dark slate, 14.63:1. */
  BL: { colour: "#1e293b", text: "#ffffff", pattern: "solid", marker: "cross" },
} as const satisfies Record<string, ResponseLook>;

/**
 * The lines of one chart told apart by colour, marker and dash together: a subject's series of a test or vital sign
 * (one per unit), a subject's target lesions, the subjects chosen on a laboratory chart. Past five, the colours
 * repeat and the marker or the dash differs. With the lesion chart's sum (CHART_INK), reported sum (CONTEXT_MARK)
 * and nadir (ABOVE_RANGE's red), all eight stay apart for colour-blind readers (palette.test.ts).
 */
export const SERIES_COLOURS = [
  /** Blue, 6.70:1. */
  "#1d4ed8",
  /** Green, 5.48:1. */
  "#047857",
  /** Fuchsia, 6.32:1. */
  "#a21caf",
  /** Amber, 3.19:1 (lines and markers only, never text). */
  "#d97706",
  /** Cyan, 5.36:1. */
  "#0e7490",
] as const;

/** A result above its reference range (and a lesion chart's nadir): red, 6.47:1; the page's --color-danger. */
export const ABOVE_RANGE = "#b91c1c";
/** A result below its reference range: cyan, 5.36:1; the page's --color-value-low. */
export const BELOW_RANGE = "#0e7490";
/** Marks that give context to a chart's subject (AE onsets on a trend, the partner's reported sum): 7.56:1. */
export const CONTEXT_MARK = "#4b5563";
/** A reference range's bounds on a laboratory or vital-sign chart: dashed, 4.76:1 (their labels: REFERENCE_LINE). */
export const RANGE_BOUND = "#64748b";

/** The boxes of a distribution by visit (laboratory, vital signs): outline and whiskers 10.36:1, a light fill. */
export const DISTRIBUTION_LOOK = { line: "#1e3a8a", fill: "#bfdbfe" } as const;

/** eDISH quadrants: each has its own marker shape as well (sections/laboratory/ui/edish-marks.tsx). */
export const LIVER_LOOK = {
  /** Slate, 7.58:1. */
  normal: "#475569",
  /** Amber, 3.19:1. */
  hyperbilirubinemia: "#d97706",
  /** Blue, 6.70:1. */
  temple: "#1d4ed8",
  /** Red, 6.47:1: the quadrant to look at first. */
  "hys-law": "#b91c1c",
} as const;

/**
 * The subject timeline's lanes other than grades and responses. Each lane is labelled, so a colour only needs to
 * stand apart within its lane: the study drug from other medication, an unknown response from the known ones.
 */
export const TIMELINE_LOOK = {
  /** Blue, 6.70:1. */
  studyMedication: "#1d4ed8",
  /** Slate, 7.58:1, drawn as a lighter fill with this outline. */
  otherMedication: "#475569",
  /** Teal, 5.47:1. */
  laboratory: "#0f766e",
  /** A conclusion the portal does not know, drawn with a "?": green, 5.48:1, a colour no response has. */
  otherResponse: "#047857",
} as const;

/** A swimmer plot's bar: a light fill, its extent drawn by an outline of 4.76:1. */
export const SWIM_LANE = { fill: "#e2e8f0", outline: "#64748b" } as const;

/**
 * The charts' colours, in one place (docs/accessibility.md, Charts). Every colour is given with its contrast ratio
 * against the white page (WCAG 2.2 relative luminance): marks need 3:1 (1.4.11 non-text contrast), text 4.5:1
 * (1.4.3). Categories never differ by hue alone: each grade and each response has its own fill pattern (bars) and
 * each response its own marker shape (points), both shown in the legends, and the charts write the grade or the
 * response's letters beside or on the mark. The colours were also chosen to stay apart for readers with
 * protanopia or deuteranopia (palette.test.ts simulates both). No imports: server and client code share it.
 */

/** A bar's fill pattern: white marks over its colour (components/charts/patterns.tsx draws them). */
export type ChartPattern = "solid" | "diagonal" | "dots" | "crosshatch" | "horizontal" | "vertical";
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

/** The worst CTCAE grade of an adverse event (grade missing too); white text on each is at least 4.5:1. */
export const GRADE_LOOK = {
  /** Green, 5.02:1. */
  g1: { colour: "#15803d", text: "#ffffff", pattern: "solid" },
  /** Brown, 8.67:1. */
  g2: { colour: "#713f12", text: "#ffffff", pattern: "diagonal" },
  /** Orange, 5.18:1. */
  g3: { colour: "#c2410c", text: "#ffffff", pattern: "dots" },
  /** Magenta, 7.88:1. */
  g4: { colour: "#9d174d", text: "#ffffff", pattern: "crosshatch" },
  /** Deep indigo, 15.99:1. */
  g5: { colour: "#1e1b4b", text: "#ffffff", pattern: "horizontal" },
  /** Slate grey, 4.76:1. */
  missing: { colour: "#64748b", text: "#ffffff", pattern: "vertical" },
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

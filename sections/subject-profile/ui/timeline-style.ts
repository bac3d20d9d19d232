/**
 * How the timeline tells its series apart: a colour AND a label or shape for
 * each, so that colour is never the only clue (grade as `G1`-`G5`, the
 * response as its code and a marker shape), the grades' and responses' colours and shapes those of every chart
 * (components/charts/palette.ts, import-free like this file: the chart, a client component, and the server's item
 * builder share it).
 */
import {
  type ChartMarker,
  GRADE_LOOK,
  RESPONSE_LOOK,
  TIMELINE_LOOK,
  TIMEPOINT_EXTRA_LOOK,
} from "@/components/charts/palette";

export type MarkerShape = ChartMarker;

/** Grade colours (palette.ts); a missing grade is grey with a dashed outline. */
export const GRADE_COLOUR: ReadonlyMap<string, string> = new Map([
  ["Grade 1", GRADE_LOOK.g1.colour],
  ["Grade 2", GRADE_LOOK.g2.colour],
  ["Grade 3", GRADE_LOOK.g3.colour],
  ["Grade 4", GRADE_LOOK.g4.colour],
  ["Grade 5", GRADE_LOOK.g5.colour],
  ["Grade missing", GRADE_LOOK.missing.colour],
]);

export const MEDICATION_COLOUR: ReadonlyMap<string, string> = new Map([
  ["Study medication", TIMELINE_LOOK.studyMedication],
  // Other medication: a lighter fill (55 %) than the study drug, its outline in full (WCAG 1.4.11).
  ["Other medication", TIMELINE_LOOK.otherMedication],
]);

export const LABORATORY_COLOUR = TIMELINE_LOOK.laboratory;

export interface ResponseStyle {
  /** The legend's name. */
  name: string;
  /** Drawn next to the marker. */
  code: string;
  colour: string;
  shape: MarkerShape;
}

type LookCode = keyof typeof RESPONSE_LOOK | keyof typeof TIMEPOINT_EXTRA_LOOK;

function styleOf(name: string, code: LookCode): ResponseStyle {
  const looks = { ...RESPONSE_LOOK, ...TIMEPOINT_EXTRA_LOOK };
  return { name, code, colour: looks[code].colour, shape: looks[code].marker };
}

// The partner's conclusion texts (docs/partner-service.md, DiagnosticReport); a Map, so no text finds a
// property of Object.
const RESPONSES = new Map<string, ResponseStyle>(
  [
    { name: "Complete Response", code: "CR" },
    { name: "Partial Response", code: "PR" },
    { name: "Stable Disease", code: "SD" },
    { name: "Progressive Disease", code: "PD" },
    { name: "Not Evaluable", code: "NE" },
    { name: "Non-CR/Non-PD", code: "NN" },
  ].map((r) => [r.name.toLowerCase(), styleOf(r.name, r.code as LookCode)]),
);
const BASELINE: ResponseStyle = styleOf("Baseline (no response)", "BL");

/** The style of a signed conclusion; `Undefined` is the baseline's; any other text is shown as sent. */
export function responseOf(conclusion: string | null): ResponseStyle {
  const c = conclusion?.trim() ?? "";
  if (c.toLowerCase() === "undefined") return BASELINE;
  return (
    RESPONSES.get(c.toLowerCase()) ?? {
      name: c === "" ? "No conclusion" : `Other: ${c}`,
      code: "?",
      colour: TIMELINE_LOOK.otherResponse,
      shape: "circle",
    }
  );
}

/** The text written on a bar of the series: each grade's own (palette.ts, 4.5:1 on it), white on the others. */
export function seriesTextColour(series: string): string {
  const grade = ["1", "2", "3", "4", "5"].find((g) => series === `Grade ${g}`);
  return grade
    ? GRADE_LOOK[`g${grade}` as "g1"].text
    : series === "Grade missing"
      ? GRADE_LOOK.missing.text
      : "#ffffff";
}

/** The colour of a legend series. */
export function seriesColour(series: string): string {
  return (
    GRADE_COLOUR.get(series) ??
    MEDICATION_COLOUR.get(series) ??
    (series === "Laboratory visit" ? LABORATORY_COLOUR : undefined) ??
    [...RESPONSES.values(), BASELINE].find((r) => r.name === series)?.colour ??
    TIMELINE_LOOK.otherResponse
  );
}

/** The marker shape of a legend series of markers. */
export function seriesShape(series: string): MarkerShape {
  if (series === "Laboratory visit") return "circle";
  return [...RESPONSES.values(), BASELINE].find((r) => r.name === series)?.shape ?? "circle";
}

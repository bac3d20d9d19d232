/**
 * How the timeline tells its series apart: a colour AND a label or shape for
 * each, so that colour is never the only clue (grade as `G1`-`G5`, the
 * response as its code and a marker shape). No imports: the chart (a client
 * component) and the server's item builder share it.
 */
export type MarkerShape = "circle" | "cross" | "diamond" | "square" | "star" | "triangle" | "wye";

/** Grade colours from mild to fatal; a missing grade is grey with a dashed outline. */
export const GRADE_COLOUR: ReadonlyMap<string, string> = new Map([
  ["Grade 1", "#2e7d32"],
  ["Grade 2", "#b58900"],
  ["Grade 3", "#e65100"],
  ["Grade 4", "#c62828"],
  ["Grade 5", "#4a148c"],
  ["Grade missing", "#757575"],
]);

export const MEDICATION_COLOUR: ReadonlyMap<string, string> = new Map([
  ["Study medication", "#1565c0"],
  ["Other medication", "#78909c"],
]);

export const LABORATORY_COLOUR = "#00695c";

export interface ResponseStyle {
  /** The legend's name. */
  name: string;
  /** Drawn next to the marker. */
  code: string;
  colour: string;
  shape: MarkerShape;
}

// The partner's conclusion texts (docs/partner-service.md, DiagnosticReport); a Map, so no text finds a
// property of Object.
const RESPONSES = new Map<string, ResponseStyle>(
  [
    { name: "Complete Response", code: "CR", colour: "#1b5e20", shape: "star" as const },
    { name: "Partial Response", code: "PR", colour: "#2e7d32", shape: "triangle" as const },
    { name: "Stable Disease", code: "SD", colour: "#f9a825", shape: "square" as const },
    { name: "Progressive Disease", code: "PD", colour: "#c62828", shape: "cross" as const },
    { name: "Not Evaluable", code: "NE", colour: "#616161", shape: "diamond" as const },
    { name: "Non-CR/Non-PD", code: "NN", colour: "#0277bd", shape: "circle" as const },
  ].map((r) => [r.name.toLowerCase(), r]),
);
const BASELINE: ResponseStyle = { name: "Baseline (no response)", code: "BL", colour: "#455a64", shape: "wye" };

/** The style of a signed conclusion; `Undefined` is the baseline's; any other text is shown as sent. */
export function responseOf(conclusion: string | null): ResponseStyle {
  const c = conclusion?.trim() ?? "";
  if (c.toLowerCase() === "undefined") return BASELINE;
  return (
    RESPONSES.get(c.toLowerCase()) ?? {
      name: c === "" ? "No conclusion" : `Other: ${c}`,
      code: "?",
      colour: "#8d6e63",
      shape: "circle",
    }
  );
}

/** The colour of a legend series. */
export function seriesColour(series: string): string {
  return (
    GRADE_COLOUR.get(series) ??
    MEDICATION_COLOUR.get(series) ??
    (series === "Laboratory visit" ? LABORATORY_COLOUR : undefined) ??
    [...RESPONSES.values(), BASELINE].find((r) => r.name === series)?.colour ??
    "#8d6e63"
  );
}

/** The marker shape of a legend series of markers. */
export function seriesShape(series: string): MarkerShape {
  if (series === "Laboratory visit") return "circle";
  return [...RESPONSES.values(), BASELINE].find((r) => r.name === series)?.shape ?? "circle";
}

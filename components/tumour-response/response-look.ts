/**
 * How the plots draw a response, the same in all of them: a colour, and always its letters too (on a marker, in
 * the legend and tooltips), a line dash in the spider plot, so that colour is never the only distinction. The
 * colours are told apart with the common colour-vision deficiencies (blue, orange, purple, red, grey).
 */
import type { Response } from "@/lib/clinical/response/timepoint";

export const RESPONSES: readonly Response[] = ["CR", "PR", "SD", "PD", "NE"];

export const RESPONSE_NAME: Readonly<Record<Response, string>> = {
  CR: "Complete response",
  PR: "Partial response",
  SD: "Stable disease",
  PD: "Progressive disease",
  NE: "Not evaluable",
};

export const RESPONSE_COLOUR: Readonly<Record<Response, string>> = {
  CR: "#1d4ed8",
  PR: "#7c3aed",
  SD: "#d97706",
  PD: "#b91c1c",
  NE: "#6b7280",
};

/** The text on a marker filled with the response's colour. */
export const RESPONSE_TEXT: Readonly<Record<Response, string>> = {
  CR: "#ffffff",
  PR: "#ffffff",
  SD: "#111827",
  PD: "#ffffff",
  NE: "#ffffff",
};

export const RESPONSE_DASH: Readonly<Record<Response, string | undefined>> = {
  CR: undefined,
  PR: undefined,
  SD: "6 3",
  PD: "2 2",
  NE: "8 3 2 3",
};

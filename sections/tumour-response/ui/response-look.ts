/**
 * How the plots draw a response, the same in all of them (colours, patterns and markers from
 * components/charts/palette.ts): a colour, and always its letters too (on a marker, in the legend and tooltips),
 * a fill pattern on the waterfall's bars, a marker shape and a line dash in the spider plot, so that colour is
 * never the only distinction. Non-CR/Non-PD (RECIST 1.1 Table 2) takes the palette's look of that time point,
 * with the letters NN where a mark has room for two letters only.
 */
import {
  RESPONSE_LOOK as PALETTE_RESPONSES,
  type ResponseLook,
  TIMEPOINT_EXTRA_LOOK,
} from "@/components/charts/palette";
import { NON_CR_NON_PD, type Response } from "@/lib/clinical/response/timepoint";

/** The responses in their order of rank: CR > PR > SD and Non-CR/Non-PD > PD > NE. */
export const RESPONSES: readonly Response[] = ["CR", "PR", "SD", NON_CR_NON_PD, "PD", "NE"];

export const RESPONSE_NAME: Readonly<Record<Response, string>> = {
  CR: "Complete response",
  PR: "Partial response",
  SD: "Stable disease",
  [NON_CR_NON_PD]: "Non-CR/Non-PD (non-target disease only)",
  PD: "Progressive disease",
  NE: "Not evaluable",
};

/** Each response's look: the palette's five, and its Non-CR/Non-PD time point. */
export const RESPONSE_LOOKS: Readonly<Record<Response, ResponseLook>> = {
  ...PALETTE_RESPONSES,
  [NON_CR_NON_PD]: TIMEPOINT_EXTRA_LOOK.NN,
};

/** A response's letters on a mark, and its key in element IDs and class names (no `/`): NN for Non-CR/Non-PD. */
export const RESPONSE_CODE: Readonly<Record<Response, string>> = {
  CR: "CR",
  PR: "PR",
  SD: "SD",
  [NON_CR_NON_PD]: "NN",
  PD: "PD",
  NE: "NE",
};

/** Each response's look by its code, for pattern definitions whose IDs name the code. */
export const LOOKS_BY_CODE = Object.fromEntries(RESPONSES.map((r) => [RESPONSE_CODE[r], RESPONSE_LOOKS[r]]));

const look = <T>(pick: (r: ResponseLook) => T) =>
  Object.fromEntries(RESPONSES.map((r) => [r, pick(RESPONSE_LOOKS[r])])) as Readonly<Record<Response, T>>;

export const RESPONSE_COLOUR = look((l) => l.colour);

/** The text on a marker filled with the response's colour. */
export const RESPONSE_TEXT = look((l) => l.text);

export const RESPONSE_DASH = look<string | undefined>((l) => l.dash);

/** The marker shape of a response's points (spider plot, legends). */
export const RESPONSE_MARKER = look((l) => l.marker);

/**
 * How the plots draw a response, the same in all of them (colours, patterns and markers from
 * components/charts/palette.ts): a colour, and always its letters too (on a marker, in the legend and tooltips),
 * a fill pattern on the waterfall's bars, a marker shape and a line dash in the spider plot, so that colour is
 * never the only distinction.
 */
import { RESPONSE_LOOK } from "@/components/charts/palette";
import type { Response } from "@/lib/clinical/response/timepoint";

export const RESPONSES: readonly Response[] = ["CR", "PR", "SD", "PD", "NE"];

export const RESPONSE_NAME: Readonly<Record<Response, string>> = {
  CR: "Complete response",
  PR: "Partial response",
  SD: "Stable disease",
  PD: "Progressive disease",
  NE: "Not evaluable",
};

const look = <T>(pick: (r: (typeof RESPONSE_LOOK)[Response]) => T) =>
  Object.fromEntries(RESPONSES.map((r) => [r, pick(RESPONSE_LOOK[r])])) as Readonly<Record<Response, T>>;

export const RESPONSE_COLOUR = look((l) => l.colour);

/** The text on a marker filled with the response's colour. */
export const RESPONSE_TEXT = look((l) => l.text);

export const RESPONSE_DASH = look<string | undefined>((l) => ("dash" in l ? l.dash : undefined));

/** The marker shape of a response's points (spider plot, legends). */
export const RESPONSE_MARKER = look((l) => l.marker);

/**
 * How the laboratory section writes its values and builds its addresses. No server-only imports: the chart and
 * the subject picker (client components) use it too.
 */
import { type LabQuery, labSearch } from "@/sections/laboratory/query";

/** At most four decimals: interpolated quartiles carry binary noise (4.15000000001). */
export const round4 = (x: number | null) => (x === null ? null : Math.round(x * 1e4) / 1e4);

export const unitLabel = (unit: string | null) => unit ?? "(no unit)";
export const visitLabel = (visit: string | null) => visit ?? "(no visit)";
/** The date part of a collection time as sent (`YYYY-MM-DDThh:mm:ss`). */
export const dateOf = (at: string | null) => (at === null ? null : at.slice(0, 10));

/** Range texts as sent, joined, with how many more there are. */
export const rangeList = (ranges: string[], more: number) =>
  [...ranges, ...(more ? [`and ${more} more`] : [])].join("; ");

/** The address of a state of the laboratory section; `hash` jumps to a part of the page. */
export const labHref = (base: string, q: Partial<LabQuery>, hash = "") => `${base}${labSearch(q)}${hash}`;

/**
 * The URL state of the tumour-response plots besides the shared one (response-query.ts): the spider plot's
 * scale (`scale=nadir`) and chosen subjects (`subjects=` a comma-separated list), the swimmer plot's order
 * (`sort=bor`) and page (`page=`). Bad values fall back to the defaults, never to an error; a subject ID is kept
 * only when it is made of letters, digits, `.`, `_` and `-` (the partner's IDs), so nothing raw is reflected.
 */
import type { ParamSource } from "@/lib/tables/url-state";

export type SpiderScale = "baseline" | "nadir";
export type SwimmerSort = "length" | "bor";

/** At most this many subjects are drawn in the spider plot (with at most MAX_SPIDER_POINTS points). */
export const MAX_SPIDER_SUBJECTS = 50;
export const MAX_SPIDER_POINTS = 5000;
/** Bars on one page of the swimmer plot. */
export const SWIMMER_PAGE_SIZE = 50;

const SUBJECT_ID = /^[A-Za-z0-9._-]{1,64}$/;
// A list longer than this is cut before it is read: the URL cannot make the server hold more.
const MAX_LIST_CHARS = 4000;

export const spiderScale = (params: ParamSource): SpiderScale =>
  params.get("scale") === "nadir" ? "nadir" : "baseline";

/** The chosen subjects, unique, in the order given, at most MAX_SPIDER_SUBJECTS; null when none was given. */
export function spiderSubjects(params: ParamSource): string[] | null {
  const text = params.get("subjects");
  if (text === null) return null;
  const ids = new Set<string>();
  for (const part of text.slice(0, MAX_LIST_CHARS).split(",")) {
    const id = part.trim();
    if (SUBJECT_ID.test(id)) ids.add(id);
    if (ids.size === MAX_SPIDER_SUBJECTS) break;
  }
  return ids.size === 0 ? null : [...ids];
}

export const swimmerSort = (params: ParamSource): SwimmerSort => (params.get("sort") === "bor" ? "bor" : "length");

/** The page asked for, a whole number from 1; anything else is 1 (a page past the last shows the last). */
export function swimmerPage(params: ParamSource): number {
  const text = params.get("page") ?? "";
  const n = Number(text);
  return /^\d{1,6}$/.test(text) && n >= 1 ? n : 1;
}

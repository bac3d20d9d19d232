/**
 * Which addresses the study filter follows onto (./ui/StudyFilterKeeper.tsx; docs/design.md, The study filter):
 * every page of the same study that a link or a GET form of the page opens without a filter of its own. A link
 * that sets the filter itself (a chip, "Clear all", "only this subject") is marked with KEEP_ATTRIBUTE and left as
 * it is, and so is one whose address already has any of the filter's parameters, and one to the saved views, which
 * read no filter (each view carries its own).
 */
import { VIEWS_SLUG } from "./addresses";
import { STUDY_FILTER_PARAMS, type StudyFilter, withStudyFilter } from "./study-filter";

/** Marks a link that sets the study filter itself: its address is not changed. */
export const KEEP_ATTRIBUTE = "data-study-filter";

/** Whether an address is a page of the study at `studyHref` (its own address or one below it). */
export const inStudy = (pathname: string, studyHref: string) =>
  pathname === studyHref || pathname.startsWith(`${studyHref}/`);

/**
 * The address `href` (as written in the page at `here`) with the filter carried on; null when it is left as it is:
 * another origin or study, a place on the same page, or an address with a filter of its own.
 */
export function carriedHref(href: string, here: string, studyHref: string, filter: StudyFilter): string | null {
  if (href.startsWith("#")) return null;
  let url: URL;
  try {
    url = new URL(href, here);
  } catch {
    return null;
  }
  const current = new URL(here);
  if (url.origin !== current.origin || !inStudy(url.pathname, studyHref)) return null;
  if (inStudy(url.pathname, `${studyHref}/${VIEWS_SLUG}`)) return null;
  if (STUDY_FILTER_PARAMS.some((name) => url.searchParams.has(name))) return null;
  return withStudyFilter(`${url.pathname}${url.search}${url.hash}`, filter);
}

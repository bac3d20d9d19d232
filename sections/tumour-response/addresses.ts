/**
 * The Tumour response section's addresses: its anchors, the URL prefixes of its tables' state, and the links to its
 * pages, each keeping the shared state of ./query.ts (the response options, day 1, who N counts, the BOR source).
 */

import { DEFAULT_POPULATION } from "@/lib/clinical/response/population";
import type { NotEvaluable } from "@/lib/clinical/response/subject-response";
import { exactFilter } from "@/lib/tables/filters";
import { assessmentRowId, responseSubjectHref, rowHash, sectionHref } from "@/sections/frame/addresses";
import { type BorSource, DRILL_PARAM, type DrillGroup, drillValue, type ResponseQuery, responseHref } from "./query";

// Anchors of the section's pages.

export const SUBJECTS_ANCHOR = "response-subjects";
export const DIFFER_ANCHOR = "response-differ";
export const LEFT_OUT_ANCHOR = "response-left-out";
export const LESIONS_ANCHOR = "response-lesions";
/** The waterfall's list of evaluable subjects without a bar. */
export const NO_BAR_ANCHOR = "waterfall-no-bar";
/** The waterfall's list of evaluable subjects with non-target disease only (no target sum, no bar). */
export const NON_TARGET_ANCHOR = "waterfall-non-target";
/**
 * The element ID of an assessment's row in a subject's assessment table: the lesion chart's points lead there, and
 * a data check's finding (sections/frame/addresses.ts).
 */
export const assessmentAnchor = assessmentRowId;
/** A link to that row within the page. */
export const assessmentRowHref = (assessmentId: string) => rowHash(assessmentAnchor(assessmentId));

// The summary's tables: the best overall responses, the subjects listed, those whose BORs differ, and those left
// out of N (the plots' data notes link to the last filtered by a reason: leftOutHref).
export const BOR_PREFIX = "bt_";
export const SUBJECT_LIST_PREFIX = "sl_";
export const DIFFER_PREFIX = "df_";
export const LEFT_OUT_PREFIX = "lo_";
/** A subject's lesions (its assessments' prefix is the frame's RESPONSE_ASSESSMENTS, which other sections link). */
export const LESIONS_PREFIX = "lg_";

// The section's addresses, each with the shared state.

/** The summary's address with the shared state, at an anchor of the page. */
export function summaryHref(studyHref: string, query: ResponseQuery, anchor = ""): string {
  return `${responseHref(sectionHref(studyHref, "tumour-response"), query)}${anchor ? `#${anchor}` : ""}`;
}

/** The summary listing the evaluable subjects of one group (a BOR, ORR, DCR or N) as signed or recomputed. */
export function drillHref(studyHref: string, query: ResponseQuery, source: BorSource, group: DrillGroup): string {
  const base = sectionHref(studyHref, "tumour-response");
  return `${responseHref(base, query, { [DRILL_PARAM]: drillValue({ source, group }) })}#${SUBJECTS_ANCHOR}`;
}

/**
 * The summary's list of subjects left out of N, filtered to exactly one reason (its table's URL state, `lo_`). The
 * plots draw the evaluable subjects, so that their notes' links show the evaluable N's list whatever the population.
 */
export function leftOutHref(studyHref: string, query: ResponseQuery, reason: NotEvaluable): string {
  const base = sectionHref(studyHref, "tumour-response");
  const evaluable = { ...query, population: DEFAULT_POPULATION };
  return `${responseHref(base, evaluable, { [`${LEFT_OUT_PREFIX}f_reason`]: exactFilter(reason) })}#${LEFT_OUT_ANCHOR}`;
}

/** The summary's list of every subject, filtered to exactly one value of a column (its table's URL state, `sl_`). */
export function subjectListHref(studyHref: string, query: ResponseQuery, column: string, value: string): string {
  const base = sectionHref(studyHref, "tumour-response");
  const filter = { [`${SUBJECT_LIST_PREFIX}f_${column}`]: exactFilter(value) };
  return `${responseHref(base, query, filter)}#${SUBJECTS_ANCHOR}`;
}

/** A subject's response page (the frame's responseSubjectHref) with the shared state: the same options. */
export const responsePageHref = (studyHref: string, query: ResponseQuery, subjectId: string) =>
  responseHref(responseSubjectHref(studyHref, subjectId), query);

/**
 * responsePageHref() as the texts before and after the subject's part of the address (its ID as a path segment),
 * for a table whose column holds them once (DataColumn.hrefAround).
 */
export const responsePageAround = (studyHref: string, query: ResponseQuery): readonly [string, string] => [
  responseSubjectHref(studyHref, ""),
  responseHref("", query),
];

/** The section's plots, each a page below the section's address. */
export type Plot = "waterfall" | "spider" | "swimmer";

/** One of the section's plots, with the shared state and its own. */
export const plotHref = (studyHref: string, plot: Plot, query: ResponseQuery, extra: Record<string, string> = {}) =>
  responseHref(`${sectionHref(studyHref, "tumour-response")}/${plot}`, query, extra);

/** The switch between the BOR as recomputed and as signed, on one of the plots (its own state kept). */
export const borOptions = (studyHref: string, plot: Plot, q: ResponseQuery, extra: Record<string, string> = {}) =>
  (["recomputed", "signed"] as const).map((bor) => ({
    label: bor === "signed" ? "As signed" : "As recomputed",
    href: plotHref(studyHref, plot, { ...q, bor }, extra),
    current: q.bor === bor,
  }));

/**
 * The addresses of the Tumour response summary and of a subject's response page, each keeping the section's
 * shared URL state (response options, the BOR the charts use): the summary's counts open its listing of their
 * subjects, and every subject opens its response page with the same options.
 */
import type { NotEvaluable } from "@/lib/clinical/response/subject-response";
import { exactFilter } from "@/lib/tables/filters";
import { responseSubjectHref, sectionHref } from "@/sections/frame/addresses";
import { type DrillGroup, drillValue } from "@/sections/tumour-response/drill";
import { type BorSource, type ResponseQuery, responseHref } from "@/sections/tumour-response/query";

export const SUBJECTS_ANCHOR = "response-subjects";
export const DIFFER_ANCHOR = "response-differ";
export const LEFT_OUT_ANCHOR = "response-left-out";
/** The URL prefix of the summary's table of subjects left out of N. */
export const LEFT_OUT_PREFIX = "lo_";
export const LESIONS_ANCHOR = "response-lesions";
/** The element ID of an assessment's row in a subject's assessment table: the lesion chart's points lead there. */
export const assessmentAnchor = (assessmentId: string) => `assessment-${assessmentId}`;
/** A link to that row within the page. */
export const assessmentRowHref = (assessmentId: string) => `#${encodeURIComponent(assessmentAnchor(assessmentId))}`;
/** The waterfall's list of evaluable subjects without a bar. */
export const NO_BAR_ANCHOR = "waterfall-no-bar";

/** The summary's address with the shared state, at an anchor of the page. */
export function summaryHref(studyHref: string, query: ResponseQuery, anchor = ""): string {
  return `${responseHref(sectionHref(studyHref, "tumour-response"), query)}${anchor ? `#${anchor}` : ""}`;
}

/** The summary listing the evaluable subjects of one group (a BOR, ORR, DCR or N) as signed or recomputed. */
export function drillHref(studyHref: string, query: ResponseQuery, source: BorSource, group: DrillGroup): string {
  const base = sectionHref(studyHref, "tumour-response");
  return `${responseHref(base, query, { subjects: drillValue({ source, group }) })}#${SUBJECTS_ANCHOR}`;
}

/** The summary's list of subjects left out of N, filtered to exactly one reason (its table's URL state, `lo_`). */
export function leftOutHref(studyHref: string, query: ResponseQuery, reason: NotEvaluable): string {
  const base = sectionHref(studyHref, "tumour-response");
  return `${responseHref(base, query, { [`${LEFT_OUT_PREFIX}f_reason`]: exactFilter(reason) })}#${LEFT_OUT_ANCHOR}`;
}

/** A subject's response page with the same options. */
export const subjectResponseHref = (studyHref: string, query: ResponseQuery, subjectId: string, anchor = "") =>
  `${responseHref(responseSubjectHref(studyHref, subjectId), query)}${anchor ? `#${anchor}` : ""}`;

/**
 * subjectResponseHref() as the texts before and after the subject's part of the address (its ID as a path segment),
 * for a table whose column holds them once (DataColumn.hrefAround).
 */
export const subjectResponseAround = (studyHref: string, query: ResponseQuery): readonly [string, string] => [
  responseSubjectHref(studyHref, ""),
  responseHref("", query),
];

/** One of the section's plots (`waterfall`, `spider`, `swimmer`), with the shared state and its own. */
export const plotHref = (studyHref: string, plot: string, query: ResponseQuery, extra: Record<string, string> = {}) =>
  responseHref(`${sectionHref(studyHref, "tumour-response")}/${plot}`, query, extra);

/** The switch between the BOR as recomputed and as signed, on one of the plots (its own state kept). */
export const borOptions = (studyHref: string, plot: string, q: ResponseQuery, extra: Record<string, string> = {}) =>
  (["recomputed", "signed"] as const).map((bor) => ({
    label: bor === "signed" ? "As signed" : "As recomputed",
    href: plotHref(studyHref, plot, { ...q, bor }, extra),
    current: q.bor === bor,
  }));

/**
 * Addresses the tumour-response plots lead to. `responseSubjectHref` is the subject response page's address,
 * defined here in one place until components/study/sections.ts exports the same (then this one goes).
 */
import { type ResponseQuery, responseHref } from "@/lib/study-views/response-query";
import { sectionHref } from "../study/sections";

export const responseSubjectHref = (studyHref: string, subjectId: string) =>
  `${studyHref}/tumour-response/subjects/${encodeURIComponent(subjectId)}`;

/** The subject's response page, keeping the shared response options. */
export const subjectResponseLink = (studyHref: string, subjectId: string, query: ResponseQuery) =>
  responseHref(responseSubjectHref(studyHref, subjectId), query);

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

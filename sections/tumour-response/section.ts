/**
 * The Tumour response section's pages: the summary (best overall responses as signed and recomputed, with ORR and
 * DCR), the waterfall, spider and swimmer plots, and a subject's response page below the section. Every page has
 * the section's tabs and keeps its shared URL state (./query.ts); a study without response data says so instead.
 */
import { createElement, type ReactNode } from "react";
import { defineSection, type SectionInput } from "@/sections/frame/section";
import type { SectionPlace } from "@/sections/frame/section-place";
import { shownSubjectId, subjectIdOf } from "@/sections/frame/subject-id";
import { responsePageHref } from "./addresses";
import { loadResponsePage, loadResponseSummary, loadTumourResponse, type TumourResponseView } from "./load";
import { type PlotNote, plotNotes, spiderNote, summaryNotes, swimmerNote, waterfallNote } from "./notes";
import {
  isSubjectIdShape,
  parseResponsePageQuery,
  parseResponseQuery,
  parseSpiderQuery,
  parseSummaryQuery,
  parseSwimmerQuery,
  type ResponseQuery,
} from "./query";
import { NoResponseData } from "./ui/NoResponseData";
import { ResponsePageContent } from "./ui/ResponsePageContent";
import { ResponseSummary } from "./ui/ResponseSummary";
import { ResponseTabs } from "./ui/ResponseTabs";
import { SpiderContent } from "./ui/SpiderContent";
import { SwimmerContent } from "./ui/SwimmerContent";
import { WaterfallContent } from "./ui/WaterfallContent";

const TITLE = "Tumour response";

const tabs = <Q extends ResponseQuery>({ place, query }: SectionInput<Q>) =>
  createElement(ResponseTabs, { studyHref: place.studyHref, query });

const noResponseData = (place: SectionPlace) => createElement(NoResponseData, { study: place.study });

export const TUMOUR_RESPONSE = defineSection({
  slug: "tumour-response",
  title: TITLE,
  parseQuery: parseSummaryQuery,
  load: (study, query) => loadResponseSummary(study, query.options, query),
  notes: (view, { place, query }) => summaryNotes(view, (id) => responsePageHref(place.studyHref, query, id)),
  tabs,
  content: (view, { place, query }) =>
    view.hasResponseData
      ? createElement(ResponseSummary, { view, studyHref: place.studyHref, query, searchParams: place.searchParams })
      : noResponseData(place),
});

/** A plot's page: the section's view under the URL's options, its notes and the plot's, and the plot. */
function plotSection<Q extends ResponseQuery>(
  parseQuery: (searchParams: URLSearchParams) => Q,
  plotNote: PlotNote,
  plot: (view: TumourResponseView, input: SectionInput<Q>) => ReactNode,
) {
  return defineSection({
    slug: "tumour-response",
    title: TITLE,
    parseQuery,
    load: (study, query) => loadTumourResponse(study, query.options, query),
    notes: (view, { place, query }) => plotNotes(view, plotNote, place.studyHref, query),
    tabs,
    content: (view, input) => (view.hasResponseData ? plot(view, input) : noResponseData(input.place)),
  });
}

/** The waterfall of best percent changes; its BOR source is in the URL. */
export const WATERFALL_PLOT = plotSection(parseResponseQuery, waterfallNote, (view, { place, query }) =>
  createElement(WaterfallContent, { view, query, studyHref: place.studyHref }),
);

/** The spider plot; its scale and chosen subjects are in the URL. */
export const SPIDER_PLOT = plotSection(parseSpiderQuery, spiderNote, (view, { place, query }) =>
  createElement(SpiderContent, { view, query, scale: query.scale, asked: query.asked, studyHref: place.studyHref }),
);

/** The swimmer plot; its order and page are in the URL. */
export const SWIMMER_PLOT = plotSection(parseSwimmerQuery, swimmerNote, (view, { place, query }) =>
  createElement(SwimmerContent, { view, query, sort: query.sort, page: query.page, studyHref: place.studyHref }),
);

/** The subject ID as a title shows it: decoded as a segment is, a valid one shortened when long, else not echoed. */
const titleId = (segment: string) => {
  const id = subjectIdOf(segment);
  return isSubjectIdShape(id) ? shownSubjectId(id) : "(not a subject ID)";
};

/**
 * One subject's tumour response, below the section: /studies/<connection>/<study>/tumour-response/subjects/<ID>,
 * with the section's options in the URL.
 */
export const RESPONSE_PAGE = defineSection({
  slug: "tumour-response",
  title: ({ query }) => `Tumour response of subject ${titleId(query.subjectId)}`,
  browserTitle: ({ subjectId }) => `tumour response of subject ${titleId(subjectId ?? "")}`,
  parseQuery: parseResponsePageQuery,
  oneSubject: true,
  load: (study, query) => loadResponsePage(study, query.subjectId, query.options, query),
  tabs,
  content: (view, { place, query }) =>
    createElement(ResponsePageContent, {
      view,
      subjectId: query.subjectId,
      study: place.study,
      studyHref: place.studyHref,
      query,
      searchParams: place.searchParams,
    }),
});

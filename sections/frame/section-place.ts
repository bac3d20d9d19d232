/**
 * The opening of a study section's page whose view follows its URL (filters,
 * a chosen item): the user's study as openStudyPage gives it, the query, and
 * the addresses the section's links are made from.
 */

import { type PageSearchParams, searchParamsOf } from "@/lib/http/url";
import { studyPath } from "@/lib/study/study-route";
import { openStudyPage, type StudyParams } from "@/sections/frame/study-page";
import { type SectionSlug, sectionHref } from "./addresses";

/** What Next.js gives a section's page: the study's route, with any segments of the page's own (a subject ID). */
export interface SectionPageProps {
  params: StudyParams & Promise<Record<string, string>>;
  searchParams: Promise<PageSearchParams>;
}

/** Where a section's content is: its study, their addresses, and the page's query. */
export interface SectionPlace {
  study: string;
  studyHref: string;
  /** The section's own address, without a query. */
  base: string;
  /** The page's URL search parameters, as they came (the section's query is parsed from them). */
  searchParams: URLSearchParams;
}

export async function openSectionPage({ params, searchParams }: SectionPageProps, slug: SectionSlug) {
  const { route, access } = await openStudyPage(params);
  const { connectionId: _c, study: _s, ...segments } = await params;
  const studyHref = studyPath(route);
  const place: SectionPlace = {
    study: access.study,
    studyHref,
    base: sectionHref(studyHref, slug),
    searchParams: searchParamsOf(await searchParams),
  };
  return { access, place, segments };
}

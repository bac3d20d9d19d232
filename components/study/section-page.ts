/**
 * The opening of a study section's page whose view follows its URL (filters,
 * a chosen item): the user's study as openStudyPage gives it, the query, and
 * the addresses the section's links are made from.
 */

import { type PageSearchParams, searchParamsOf } from "@/lib/http/url";
import { openStudyPage, type StudyParams } from "@/lib/study-views/study-page";
import { studyPath } from "@/lib/study-views/study-route";
import { type SectionSlug, sectionHref } from "./sections";

/** What Next.js gives a section's page. */
export interface SectionPageProps {
  params: StudyParams;
  searchParams: Promise<PageSearchParams>;
}

/** Where a section's content is: its study, their addresses, and the page's query. */
export interface SectionPlace {
  study: string;
  studyHref: string;
  /** The section's own address, without a query. */
  base: string;
  params: URLSearchParams;
}

export async function openSectionPage({ params, searchParams }: SectionPageProps, slug: SectionSlug) {
  const { route, access } = await openStudyPage(params);
  const studyHref = studyPath(route);
  const place: SectionPlace = {
    study: access.study,
    studyHref,
    base: sectionHref(studyHref, slug),
    params: searchParamsOf(await searchParams),
  };
  return { access, place };
}

/**
 * The contract of a study section (docs/architecture.md, Sections): what its page needs, in one typed object per
 * page, so that every section opens, loads, notes and renders alike. A route's page renders <SectionPage> with it
 * (./section-page.tsx); the registry (sections/registry.ts) lists the sections for the navigation.
 */
import type { ReactNode } from "react";
import type { UserStudy } from "@/lib/study/open-user-study";
import type { SectionData } from "@/lib/study/section-data";
import type { SectionSlug } from "./addresses";
import type { SectionPlace } from "./section-place";
import type { DataNote } from "./ui/notices";

/** What a section's parts are given besides the view: where the page is, and its query parsed. */
export interface SectionInput<Q> {
  place: SectionPlace;
  query: Q;
}

export interface Section<Q, V extends SectionData> {
  /** The navigation entry the page belongs to: its slug below the study ("" is the study's overview). */
  slug: SectionSlug;
  /** The heading and browser title: the entry's own title, or a page's below it (a subject's profile). */
  title: string | ((input: SectionInput<Q>) => string);
  /**
   * The page's words in the browser title after the study number, where they are not its title's (a subject's
   * ID from the route's own segments, "liver safety" below Laboratory). Written in lower case.
   */
  browserTitle?(segments: Readonly<Record<string, string>>): string;
  /** The page's URL contract: its query, from the page's search parameters and its route's own segments. */
  parseQuery(params: URLSearchParams, segments: Readonly<Record<string, string>>): Q;
  /**
   * The page shows one subject (a profile): the study filter (./study-filter.ts) narrows nothing of it, its links
   * carry the filter on. Every other page loads the study as the filter narrows it.
   */
  oneSubject?: boolean;
  /**
   * The page reads no study filter and no past snapshot (the saved views: each view carries its own): an address
   * with any of their parameters is answered with the same page without them, so that its links open exactly what
   * they name.
   */
  unfiltered?: boolean;
  /** The one loader: called once per request, only for a study on the connection's list. */
  load(study: UserStudy, query: Q): Promise<V>;
  /** The section's data notes, besides the refused records every section reports. */
  notes?(view: V, input: SectionInput<Q>): DataNote[];
  /** The section's tabs (its own navigation under its heading), shown while the data load too. */
  tabs?(input: SectionInput<Q>): ReactNode;
  /** The section's content for the loaded view. */
  content(view: V, input: SectionInput<Q>): ReactNode;
}

/** A section, checked against the contract with its own query and view types kept. */
export const defineSection = <Q, V extends SectionData>(section: Section<Q, V>): Section<Q, V> => section;

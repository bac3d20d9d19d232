/**
 * A study section's page made from its contract (./section.ts): a route's page renders <SectionPage> with its
 * section, and its `generateMetadata` is `sectionMetadata(section)`. The page opens the user's study (or 404),
 * parses the query, loads the study as the study filter narrows it (./filtered-study.ts; a subject's own page is
 * not narrowed), and renders the section in the study frame (<StudySection>), the filter's notes first.
 */

import { redirect } from "next/navigation";
import type { UserStudy } from "@/lib/study/open-user-study";
import type { SectionData } from "@/lib/study/section-data";
import { studyRouteSchema } from "@/lib/study/study-route";
import { refreshStudy } from "./actions";
import { filteredStudy, type Population, populationOf } from "./filtered-study";
import { pastStudy } from "./past-study";
import { setPageReview } from "./reviewed-table";
import type { Section, SectionInput } from "./section";
import { openSectionPage, type SectionPageProps, type SectionPlace } from "./section-place";
import { parseStudyFilter, STUDY_FILTER_PARAMS } from "./study-filter";
import { studyFilterNotes } from "./study-filter-notes";

export type { SectionPageProps };

import { StudySection } from "./ui/StudySection";

/** The route's own segments below the study (a subject ID), as Next.js gives them. */
type Segments = Record<string, string>;

const titleOf = <Q,>(section: Section<Q, SectionData>, input: SectionInput<Q>) =>
  typeof section.title === "string" ? section.title : section.title(input);

/** A study section's page: its study opened (or 404), its query parsed, the section in the study frame. */
export async function SectionPage<Q, V extends SectionData>({
  section,
  ...props
}: SectionPageProps & { section: Section<Q, V> }) {
  const { access, place, segments } = await openSectionPage(props, section.slug);
  if (section.unfiltered && STUDY_FILTER_PARAMS.some((name) => place.searchParams.has(name)))
    redirect(withoutStudyFilter(place, segments));
  const input: SectionInput<Q> = { place, query: section.parseQuery(place.searchParams, segments) };
  const filter = parseStudyFilter(place.searchParams);
  // Set by the load, read by the notes (which come after it).
  let population: Population | null = null;
  const load = async (latest: UserStudy) => {
    // A past study snapshot, read-only, where the address names one (./past-study.ts).
    const study = filter.snapshot === undefined ? latest : pastStudy(latest, filter.snapshot);
    // Its tables of records are reviewed in this study, whole: the study filter narrows what they list, not that.
    setPageReview(study);
    const narrowed = section.oneSubject ? study : filteredStudy(study, filter);
    const [view, kept] = await Promise.all([
      section.load(narrowed, input.query),
      narrowed === study ? null : populationOf(study, filter),
    ]);
    population = kept;
    return view;
  };
  const notes = section.notes;
  return (
    <StudySection
      access={access}
      title={titleOf(section, input)}
      tabs={section.tabs?.(input)}
      load={load}
      past={filter.snapshot !== undefined}
      saveable={section.slug !== "views"}
      refreshAction={refreshStudy}
      notes={(view) => [...studyFilterNotes(filter, population, section.oneSubject), ...(notes?.(view, input) ?? [])]}
    >
      {(view) => section.content(view, input)}
    </StudySection>
  );
}

/**
 * The page's own address (its section's, and its segments of its own below it: a saved view's number) with its
 * query but none of the study filter's parameters.
 */
function withoutStudyFilter(place: SectionPlace, segments: Segments): string {
  const params = new URLSearchParams(place.searchParams);
  for (const name of STUDY_FILTER_PARAMS) params.delete(name);
  const search = params.toString();
  const path = [place.base, ...Object.values(segments).map(encodeURIComponent)].join("/");
  return `${path}${search ? `?${search}` : ""}`;
}

/**
 * The browser title, e.g. "ONC-101 adverse events · Study Portal" or "ONC-101 subject 101-0001 · Study Portal":
 * only a valid study number is echoed; a page of a route segment of its own (a subject) is named without it.
 */
export function sectionMetadata<Q, V extends SectionData>(section: Section<Q, V>) {
  return async ({ params }: { params: Promise<Segments> }) => {
    const { connectionId, study, ...segments } = await params;
    const route = studyRouteSchema.safeParse({ connectionId, study });
    const words =
      section.browserTitle?.(segments) ?? (typeof section.title === "string" ? section.title.toLowerCase() : "");
    if (!words || (!route.success && Object.keys(segments).length === 0)) return { title: "Study Portal" };
    return { title: `${route.success ? `${route.data.study} ` : ""}${words} · Study Portal` };
  };
}

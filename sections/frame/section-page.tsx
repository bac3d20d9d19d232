/**
 * A study section's page made from its contract (./section.ts): the route's page is
 * `export default sectionPage(SECTION).Page` with its `generateMetadata`, about three lines. The page opens the
 * user's study (or 404), parses the query, and renders the section in the study frame (<StudySection>).
 */

import type { SectionData } from "@/lib/study/section-data";
import { studyRouteSchema } from "@/lib/study/study-route";
import { refreshStudy } from "./actions";
import type { Section, SectionInput } from "./section";
import { openSectionPage, type SectionPageProps } from "./section-place";
import { StudySection } from "./ui/StudySection";

/** The route's own segments below the study (a subject ID), as Next.js gives them. */
type Segments = Record<string, string>;

const titleOf = <Q,>(section: Section<Q, SectionData>, input: SectionInput<Q>) =>
  typeof section.title === "string" ? section.title : section.title(input);

export function sectionPage<Q, V extends SectionData>(section: Section<Q, V>) {
  async function Page(props: SectionPageProps) {
    const { access, place, segments } = await openSectionPage(props, section.slug);
    const input: SectionInput<Q> = { place, query: section.parseQuery(place.searchParams, segments) };
    const notes = section.notes;
    return (
      <StudySection
        access={access}
        section={section.slug}
        title={titleOf(section, input)}
        tabs={section.tabs?.(input)}
        load={(study) => section.load(study, input.query)}
        refreshAction={refreshStudy}
        notes={notes && ((view) => notes(view, input))}
      >
        {(view) => section.content(view, input)}
      </StudySection>
    );
  }

  /** The browser title, e.g. "ONC-101 adverse events · Study Portal"; only a valid study number is echoed. */
  async function generateMetadata({ params }: { params: Promise<Segments> }) {
    const { connectionId, study, ...segments } = await params;
    const route = studyRouteSchema.safeParse({ connectionId, study });
    if (!route.success) return { title: "Study Portal" };
    const place = { study: route.data.study, studyHref: "", base: "", searchParams: new URLSearchParams() };
    const title =
      typeof section.title === "string"
        ? section.title.toLowerCase()
        : titleOf(section, {
            place,
            query: section.parseQuery(place.searchParams, segments),
          });
    return { title: `${route.data.study} ${title} · Study Portal` };
  }

  return { Page, generateMetadata };
}

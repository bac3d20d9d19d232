import { loadAdverseEvents } from "@/sections/adverse-events/load";
import { adverseEventsNotes } from "@/sections/adverse-events/notes";
import { parseAeQuery } from "@/sections/adverse-events/query";
import { AdverseEventsContent } from "@/sections/adverse-events/ui/AdverseEventsContent";
import { refreshStudy } from "@/sections/frame/actions";
import { sectionMetadata } from "@/sections/frame/section-metadata";
import { openSectionPage, type SectionPageProps } from "@/sections/frame/section-place";
import { StudySection } from "@/sections/frame/ui/StudySection";

/** The Adverse events section: overview, table by term and worst grade, chart and listing; state in the URL. */
export const generateMetadata = sectionMetadata("adverse-events");

export default async function AdverseEventsPage(props: SectionPageProps) {
  const { access, place } = await openSectionPage(props, "adverse-events");
  const query = parseAeQuery(place.searchParams);
  return (
    <StudySection
      access={access}
      section="adverse-events"
      load={(study) => loadAdverseEvents(study, query)}
      refreshAction={refreshStudy}
      notes={(view) => adverseEventsNotes(view, place.base)}
    >
      {(view) => (
        <AdverseEventsContent
          view={view}
          path={place.base}
          studyHref={place.studyHref}
          study={place.study}
          current={place.searchParams}
        />
      )}
    </StudySection>
  );
}

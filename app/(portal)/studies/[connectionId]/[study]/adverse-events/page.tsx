import { AdverseEventsContent } from "@/components/adverse-events/AdverseEventsContent";
import { adverseEventsNotes } from "@/components/adverse-events/adverse-events-notes";
import { StudySection } from "@/components/study/StudySection";
import { sectionMetadata } from "@/components/study/section-metadata";
import { openSectionPage, type SectionPageProps } from "@/components/study/section-page";
import { parseAeQuery } from "@/lib/study-views/adverse-events-query";
import { loadAdverseEvents } from "@/lib/study-views/load-adverse-events";
import { refreshStudy } from "../actions";

/** The Adverse events section: overview, table by term and worst grade, chart and listing; state in the URL. */
export const generateMetadata = sectionMetadata("adverse-events");

export default async function AdverseEventsPage(props: SectionPageProps) {
  const { access, place } = await openSectionPage(props, "adverse-events");
  const query = parseAeQuery(place.params);
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
          current={place.params}
        />
      )}
    </StudySection>
  );
}

import { AdverseEventsContent } from "@/components/adverse-events/AdverseEventsContent";
import { adverseEventsNotes } from "@/components/adverse-events/adverse-events-notes";
import { StudySection } from "@/components/study/StudySection";
import { sectionMetadata } from "@/components/study/section-metadata";
import { sectionHref } from "@/components/study/sections";
import { parseAeQuery } from "@/lib/study-views/adverse-events-query";
import { loadAdverseEvents } from "@/lib/study-views/load-adverse-events";
import { openStudyPage, type StudyParams } from "@/lib/study-views/study-page";
import { studyPath } from "@/lib/study-views/study-route";
import { searchParamsOf } from "@/lib/url";
import { refreshStudy } from "../actions";

/** The Adverse events section: overview, table by term and worst grade, chart and listing; state in the URL. */
export const generateMetadata = sectionMetadata("adverse-events");

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function AdverseEventsPage({
  params,
  searchParams,
}: {
  params: StudyParams;
  searchParams: SearchParams;
}) {
  const { route, access } = await openStudyPage(params);
  const current = searchParamsOf(await searchParams);
  const query = parseAeQuery(current);
  const studyHref = studyPath(route);
  return (
    <StudySection
      access={access}
      section="adverse-events"
      load={(study) => loadAdverseEvents(study, query)}
      refreshAction={refreshStudy}
      notes={adverseEventsNotes}
    >
      {(view) => (
        <AdverseEventsContent
          view={view}
          path={sectionHref(studyHref, "adverse-events")}
          studyHref={studyHref}
          study={access.study}
          current={current}
        />
      )}
    </StudySection>
  );
}

import { DataChecksContent } from "@/components/data-checks/DataChecksContent";
import { dataChecksNotes } from "@/components/data-checks/data-checks-notes";
import { StudySection } from "@/components/study/StudySection";
import { sectionMetadata } from "@/components/study/section-metadata";
import { openSectionPage, type SectionPageProps } from "@/components/study/section-page";
import { loadDataChecks, parseDataChecksQuery } from "@/lib/study-views/load-data-checks";
import { refreshStudy } from "../actions";

/** The Data checks section: findings per rule, the findings by rule and subject (state in the URL), their CSV. */
export const generateMetadata = sectionMetadata("data-checks");

export default async function DataChecksPage(props: SectionPageProps) {
  const { access, place } = await openSectionPage(props, "data-checks");
  const query = parseDataChecksQuery(place.params);
  return (
    <StudySection
      access={access}
      section="data-checks"
      load={(study) => loadDataChecks(study, query)}
      refreshAction={refreshStudy}
      notes={dataChecksNotes}
    >
      {(view) => <DataChecksContent view={view} place={place} />}
    </StudySection>
  );
}

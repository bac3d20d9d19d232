import { loadDataChecks, parseDataChecksQuery } from "@/sections/data-checks/load";
import { dataChecksNotes } from "@/sections/data-checks/notes";
import { DataChecksContent } from "@/sections/data-checks/ui/DataChecksContent";
import { refreshStudy } from "@/sections/frame/actions";
import { sectionMetadata } from "@/sections/frame/section-metadata";
import { openSectionPage, type SectionPageProps } from "@/sections/frame/section-place";
import { StudySection } from "@/sections/frame/ui/StudySection";

/** The Data checks section: findings per rule, the findings by rule and subject (state in the URL), their CSV. */
export const generateMetadata = sectionMetadata("data-checks");

export default async function DataChecksPage(props: SectionPageProps) {
  const { access, place } = await openSectionPage(props, "data-checks");
  const query = parseDataChecksQuery(place.searchParams);
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

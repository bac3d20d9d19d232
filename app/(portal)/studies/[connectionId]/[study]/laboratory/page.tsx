import { refreshStudy } from "@/sections/frame/actions";
import { sectionMetadata } from "@/sections/frame/section-metadata";
import { openSectionPage, type SectionPageProps } from "@/sections/frame/section-place";
import { StudySection } from "@/sections/frame/ui/StudySection";
import { loadLaboratory } from "@/sections/laboratory/load";
import { laboratoryNotes } from "@/sections/laboratory/notes";
import { parseLabQuery } from "@/sections/laboratory/query";
import { LaboratoryContent } from "@/sections/laboratory/ui/LaboratoryContent";
import { LaboratoryViews } from "@/sections/laboratory/ui/LaboratoryViews";

/** The Laboratory section: the test overview, or one test (`?test=`) with its charts, shift tables and listing. */
export const generateMetadata = sectionMetadata("laboratory");

export default async function LaboratoryPage(props: SectionPageProps) {
  const { access, place } = await openSectionPage(props, "laboratory");
  const lab = parseLabQuery(place.searchParams);
  return (
    <StudySection
      access={access}
      section="laboratory"
      load={(study) => loadLaboratory(study, lab)}
      refreshAction={refreshStudy}
      notes={(view) => laboratoryNotes(view, place.base)}
      tabs={<LaboratoryViews studyHref={place.studyHref} />}
    >
      {(view) => <LaboratoryContent view={view} lab={lab} place={place} />}
    </StudySection>
  );
}

import { LaboratoryContent } from "@/components/laboratory/LaboratoryContent";
import { LaboratoryViews } from "@/components/laboratory/LaboratoryViews";
import { laboratoryNotes } from "@/components/laboratory/laboratory-notes";
import { StudySection } from "@/components/study/StudySection";
import { sectionMetadata } from "@/components/study/section-metadata";
import { openSectionPage, type SectionPageProps } from "@/components/study/section-page";
import { parseLabQuery } from "@/lib/study-views/laboratory-query";
import { loadLaboratory } from "@/lib/study-views/load-laboratory";
import { refreshStudy } from "../actions";

/** The Laboratory section: the test overview, or one test (`?test=`) with its charts, shift tables and listing. */
export const generateMetadata = sectionMetadata("laboratory");

export default async function LaboratoryPage(props: SectionPageProps) {
  const { access, place } = await openSectionPage(props, "laboratory");
  const lab = parseLabQuery(place.params);
  return (
    <StudySection
      access={access}
      section="laboratory"
      load={(study) => loadLaboratory(study, lab)}
      refreshAction={refreshStudy}
      notes={(view) => laboratoryNotes(view, place.base)}
      views={<LaboratoryViews studyHref={place.studyHref} />}
    >
      {(view) => <LaboratoryContent view={view} lab={lab} place={place} />}
    </StudySection>
  );
}

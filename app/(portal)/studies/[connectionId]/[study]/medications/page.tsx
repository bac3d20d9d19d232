import { MedicationsContent } from "@/components/medications/MedicationsContent";
import { medicationNotes } from "@/components/medications/medication-notes";
import { StudySection } from "@/components/study/StudySection";
import { sectionMetadata } from "@/components/study/section-metadata";
import { openSectionPage, type SectionPageProps } from "@/components/study/section-page";
import { loadMedications, parseMedicationQuery } from "@/lib/study-views/load-medications";
import { refreshStudy } from "../actions";

/** The Medications section: subjects per drug, and every medication record. */
export const generateMetadata = sectionMetadata("medications");

export default async function MedicationsPage(props: SectionPageProps) {
  const { access, place } = await openSectionPage(props, "medications");
  const query = parseMedicationQuery(place.params);
  return (
    <StudySection
      access={access}
      section="medications"
      load={(study) => loadMedications(study, query)}
      refreshAction={refreshStudy}
      notes={(view) => medicationNotes(view, place.base)}
    >
      {(view) => <MedicationsContent view={view} place={place} />}
    </StudySection>
  );
}

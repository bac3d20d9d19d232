import { StudySection } from "@/components/study/StudySection";
import { sectionMetadata } from "@/components/study/section-metadata";
import { openSectionPage, type SectionPageProps } from "@/components/study/section-page";
import { VitalSignsContent } from "@/components/vital-signs/VitalSignsContent";
import { vitalSignsNotes } from "@/components/vital-signs/vital-signs-notes";
import { loadVitalSigns } from "@/lib/study-views/load-vital-signs";
import { parseVitalQuery } from "@/lib/study-views/vital-signs-query";
import { refreshStudy } from "../actions";

/** The Vital signs section: per item and unit, a summary and distribution by visit, and the records. */
export const generateMetadata = sectionMetadata("vital-signs");

export default async function VitalSignsPage(props: SectionPageProps) {
  const { access, place } = await openSectionPage(props, "vital-signs");
  const query = parseVitalQuery(place.params);
  return (
    <StudySection
      access={access}
      section="vital-signs"
      load={(study) => loadVitalSigns(study, query)}
      refreshAction={refreshStudy}
      notes={(view) => vitalSignsNotes(view, place.base)}
    >
      {(view) => <VitalSignsContent view={view} place={place} />}
    </StudySection>
  );
}

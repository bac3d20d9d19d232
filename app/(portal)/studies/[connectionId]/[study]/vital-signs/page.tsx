import { refreshStudy } from "@/sections/frame/actions";
import { sectionMetadata } from "@/sections/frame/section-metadata";
import { openSectionPage, type SectionPageProps } from "@/sections/frame/section-place";
import { StudySection } from "@/sections/frame/ui/StudySection";
import { loadVitalSigns } from "@/sections/vital-signs/load";
import { vitalSignsNotes } from "@/sections/vital-signs/notes";
import { parseVitalQuery } from "@/sections/vital-signs/query";
import { VitalSignsContent } from "@/sections/vital-signs/ui/VitalSignsContent";

/** The Vital signs section: per item and unit, a summary and distribution by visit, and the records. */
export const generateMetadata = sectionMetadata("vital-signs");

export default async function VitalSignsPage(props: SectionPageProps) {
  const { access, place } = await openSectionPage(props, "vital-signs");
  const query = parseVitalQuery(place.searchParams);
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

import { refreshStudy } from "@/sections/frame/actions";
import { sectionMetadata } from "@/sections/frame/section-metadata";
import { openSectionPage, type SectionPageProps } from "@/sections/frame/section-place";
import { StudySection } from "@/sections/frame/ui/StudySection";
import { subjectResponseHref } from "@/sections/tumour-response/links";
import { loadResponseSummary } from "@/sections/tumour-response/load-summary";
import { responseNotes } from "@/sections/tumour-response/notes";
import { parseResponseQuery } from "@/sections/tumour-response/query";
import { NoResponseData } from "@/sections/tumour-response/ui/NoResponseData";
import { ResponseSummary } from "@/sections/tumour-response/ui/ResponseSummary";
import { ResponseViews } from "@/sections/tumour-response/ui/ResponseViews";

/** The Tumour response section: best overall responses as signed and recomputed, with ORR and DCR. */
export const generateMetadata = sectionMetadata("tumour-response");

export default async function TumourResponsePage(props: SectionPageProps) {
  const { access, place } = await openSectionPage(props, "tumour-response");
  const query = parseResponseQuery(place.searchParams);
  return (
    <StudySection
      access={access}
      section="tumour-response"
      load={(study) => loadResponseSummary(study, query.options)}
      refreshAction={refreshStudy}
      tabs={<ResponseViews studyHref={place.studyHref} query={query} />}
      notes={(view) => responseNotes(view, (id) => subjectResponseHref(place.studyHref, query, id))}
    >
      {(view) =>
        view.hasResponseData ? (
          <ResponseSummary view={view} studyHref={place.studyHref} query={query} params={place.searchParams} />
        ) : (
          <NoResponseData study={place.study} />
        )
      }
    </StudySection>
  );
}

import { StudySection } from "@/components/study/StudySection";
import { sectionMetadata } from "@/components/study/section-metadata";
import { openSectionPage, type SectionPageProps } from "@/components/study/section-page";
import { NoResponseData } from "@/components/tumour-response/NoResponseData";
import { ResponseSummary } from "@/components/tumour-response/ResponseSummary";
import { ResponseViews } from "@/components/tumour-response/ResponseViews";
import { subjectResponseHref } from "@/components/tumour-response/response-links";
import { responseNotes } from "@/components/tumour-response/response-notes";
import { loadResponseSummary } from "@/lib/study-views/load-response-summary";
import { parseResponseQuery } from "@/lib/study-views/response-query";
import { refreshStudy } from "../actions";

/** The Tumour response section: best overall responses as signed and recomputed, with ORR and DCR. */
export const generateMetadata = sectionMetadata("tumour-response");

export default async function TumourResponsePage(props: SectionPageProps) {
  const { access, place } = await openSectionPage(props, "tumour-response");
  const query = parseResponseQuery(place.params);
  return (
    <StudySection
      access={access}
      section="tumour-response"
      load={(study) => loadResponseSummary(study, query.options)}
      refreshAction={refreshStudy}
      views={<ResponseViews studyHref={place.studyHref} query={query} />}
      notes={(view) => responseNotes(view, (id) => subjectResponseHref(place.studyHref, query, id))}
    >
      {(view) =>
        view.hasResponseData ? (
          <ResponseSummary view={view} studyHref={place.studyHref} query={query} params={place.params} />
        ) : (
          <NoResponseData study={place.study} />
        )
      }
    </StudySection>
  );
}

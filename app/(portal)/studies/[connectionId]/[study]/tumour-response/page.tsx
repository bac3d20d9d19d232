import { StudySection } from "@/components/study/StudySection";
import { sectionMetadata } from "@/components/study/section-metadata";
import { openSectionPage, type SectionPageProps } from "@/components/study/section-page";
import { NoResponseData } from "@/components/tumour-response/NoResponseData";
import { ResponseSummary } from "@/components/tumour-response/ResponseSummary";
import { ResponseViews } from "@/components/tumour-response/ResponseViews";
import { loadTumourResponse } from "@/lib/study-views/load-tumour-response";
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
      load={(study) => loadTumourResponse(study, query.options)}
      refreshAction={refreshStudy}
      views={<ResponseViews studyHref={place.studyHref} query={query} />}
    >
      {(view) => (view.hasResponseData ? <ResponseSummary view={view} /> : <NoResponseData study={place.study} />)}
    </StudySection>
  );
}

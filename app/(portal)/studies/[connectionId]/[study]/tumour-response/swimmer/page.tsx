import { sectionMetadata } from "@/components/study/section-metadata";
import { openSectionPage, type SectionPageProps } from "@/components/study/section-page";
import { swimmerNote } from "@/components/tumour-response/plot-notes";
import { ResponseSection } from "@/components/tumour-response/ResponseSection";
import { SwimmerView } from "@/components/tumour-response/SwimmerView";
import { swimmerPage, swimmerSort } from "@/lib/study-views/response-plot-query";
import { parseResponseQuery } from "@/lib/study-views/response-query";
import { refreshStudy } from "../../actions";

/** The swimmer plot, a view of the Tumour response section; its order and page are in the URL. */
export const generateMetadata = sectionMetadata("tumour-response");

export default async function SwimmerPage(props: SectionPageProps) {
  const { access, place } = await openSectionPage(props, "tumour-response");
  const query = parseResponseQuery(place.params);
  const [sort, page] = [swimmerSort(place.params), swimmerPage(place.params)];
  return (
    <ResponseSection access={access} place={place} query={query} refreshAction={refreshStudy} plotNote={swimmerNote}>
      {(view) => <SwimmerView {...{ view, query, sort, page }} studyHref={place.studyHref} />}
    </ResponseSection>
  );
}

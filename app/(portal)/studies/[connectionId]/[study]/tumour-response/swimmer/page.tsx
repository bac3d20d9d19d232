import { refreshStudy } from "@/sections/frame/actions";
import { sectionMetadata } from "@/sections/frame/section-metadata";
import { openSectionPage, type SectionPageProps } from "@/sections/frame/section-place";
import { swimmerNote } from "@/sections/tumour-response/plot-notes";
import { swimmerPage, swimmerSort } from "@/sections/tumour-response/plot-query";
import { parseResponseQuery } from "@/sections/tumour-response/query";
import { ResponseSection } from "@/sections/tumour-response/ui/ResponseSection";
import { SwimmerView } from "@/sections/tumour-response/ui/SwimmerView";

/** The swimmer plot, a view of the Tumour response section; its order and page are in the URL. */
export const generateMetadata = sectionMetadata("tumour-response");

export default async function SwimmerPage(props: SectionPageProps) {
  const { access, place } = await openSectionPage(props, "tumour-response");
  const query = parseResponseQuery(place.searchParams);
  const [sort, page] = [swimmerSort(place.searchParams), swimmerPage(place.searchParams)];
  return (
    <ResponseSection access={access} place={place} query={query} refreshAction={refreshStudy} plotNote={swimmerNote}>
      {(view) => <SwimmerView {...{ view, query, sort, page }} studyHref={place.studyHref} />}
    </ResponseSection>
  );
}

import { sectionMetadata } from "@/components/study/section-metadata";
import { openSectionPage, type SectionPageProps } from "@/components/study/section-page";
import { waterfallNote } from "@/components/tumour-response/plot-notes";
import { ResponseSection } from "@/components/tumour-response/ResponseSection";
import { WaterfallView } from "@/components/tumour-response/WaterfallView";
import { parseResponseQuery } from "@/lib/study-views/response-query";
import { refreshStudy } from "../../actions";

/** The waterfall of best percent changes, a view of the Tumour response section; its BOR source is in the URL. */
export const generateMetadata = sectionMetadata("tumour-response");

export default async function WaterfallPage(props: SectionPageProps) {
  const { access, place } = await openSectionPage(props, "tumour-response");
  const query = parseResponseQuery(place.params);
  return (
    <ResponseSection access={access} place={place} query={query} refreshAction={refreshStudy} plotNote={waterfallNote}>
      {(view) => <WaterfallView view={view} query={query} studyHref={place.studyHref} />}
    </ResponseSection>
  );
}

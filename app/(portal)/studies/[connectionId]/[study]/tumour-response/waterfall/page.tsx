import { refreshStudy } from "@/sections/frame/actions";
import { sectionMetadata } from "@/sections/frame/section-metadata";
import { openSectionPage, type SectionPageProps } from "@/sections/frame/section-place";
import { waterfallNote } from "@/sections/tumour-response/plot-notes";
import { parseResponseQuery } from "@/sections/tumour-response/query";
import { ResponseSection } from "@/sections/tumour-response/ui/ResponseSection";
import { WaterfallView } from "@/sections/tumour-response/ui/WaterfallView";

/** The waterfall of best percent changes, a view of the Tumour response section; its BOR source is in the URL. */
export const generateMetadata = sectionMetadata("tumour-response");

export default async function WaterfallPage(props: SectionPageProps) {
  const { access, place } = await openSectionPage(props, "tumour-response");
  const query = parseResponseQuery(place.searchParams);
  return (
    <ResponseSection access={access} place={place} query={query} refreshAction={refreshStudy} plotNote={waterfallNote}>
      {(view) => <WaterfallView view={view} query={query} studyHref={place.studyHref} />}
    </ResponseSection>
  );
}

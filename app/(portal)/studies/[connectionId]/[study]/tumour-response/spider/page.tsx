import { refreshStudy } from "@/sections/frame/actions";
import { sectionMetadata } from "@/sections/frame/section-metadata";
import { openSectionPage, type SectionPageProps } from "@/sections/frame/section-place";
import { spiderNote } from "@/sections/tumour-response/plot-notes";
import { spiderScale, spiderSubjects } from "@/sections/tumour-response/plot-query";
import { parseResponseQuery } from "@/sections/tumour-response/query";
import { ResponseSection } from "@/sections/tumour-response/ui/ResponseSection";
import { SpiderView } from "@/sections/tumour-response/ui/SpiderView";

/** The spider plot, a view of the Tumour response section; its scale and chosen subjects are in the URL. */
export const generateMetadata = sectionMetadata("tumour-response");

export default async function SpiderPage(props: SectionPageProps) {
  const { access, place } = await openSectionPage(props, "tumour-response");
  const query = parseResponseQuery(place.searchParams);
  const [scale, asked] = [spiderScale(place.searchParams), spiderSubjects(place.searchParams)];
  return (
    <ResponseSection access={access} place={place} query={query} refreshAction={refreshStudy} plotNote={spiderNote}>
      {(view) => <SpiderView {...{ view, query, scale, asked }} studyHref={place.studyHref} />}
    </ResponseSection>
  );
}

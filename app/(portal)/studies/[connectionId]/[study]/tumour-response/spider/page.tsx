import { sectionMetadata } from "@/components/study/section-metadata";
import { openSectionPage, type SectionPageProps } from "@/components/study/section-page";
import { spiderNote } from "@/components/tumour-response/plot-notes";
import { ResponseSection } from "@/components/tumour-response/ResponseSection";
import { SpiderView } from "@/components/tumour-response/SpiderView";
import { spiderScale, spiderSubjects } from "@/lib/study-views/response-plot-query";
import { parseResponseQuery } from "@/lib/study-views/response-query";
import { refreshStudy } from "../../actions";

/** The spider plot, a view of the Tumour response section; its scale and chosen subjects are in the URL. */
export const generateMetadata = sectionMetadata("tumour-response");

export default async function SpiderPage(props: SectionPageProps) {
  const { access, place } = await openSectionPage(props, "tumour-response");
  const query = parseResponseQuery(place.params);
  const [scale, asked] = [spiderScale(place.params), spiderSubjects(place.params)];
  return (
    <ResponseSection access={access} place={place} query={query} refreshAction={refreshStudy} plotNote={spiderNote}>
      {(view) => <SpiderView {...{ view, query, scale, asked }} studyHref={place.studyHref} />}
    </ResponseSection>
  );
}

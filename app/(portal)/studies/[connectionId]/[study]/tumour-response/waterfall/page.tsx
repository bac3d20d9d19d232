import { SectionPage, type SectionPageProps, sectionMetadata } from "@/sections/frame/section-page";
import { WATERFALL_PLOT } from "@/sections/tumour-response/section";

export const generateMetadata = sectionMetadata(WATERFALL_PLOT);

export default function Page(props: SectionPageProps) {
  return <SectionPage section={WATERFALL_PLOT} {...props} />;
}

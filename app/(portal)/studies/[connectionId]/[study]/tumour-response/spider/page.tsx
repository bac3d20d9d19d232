import { SectionPage, type SectionPageProps, sectionMetadata } from "@/sections/frame/section-page";
import { SPIDER_PLOT } from "@/sections/tumour-response/section";

export const generateMetadata = sectionMetadata(SPIDER_PLOT);

export default function Page(props: SectionPageProps) {
  return <SectionPage section={SPIDER_PLOT} {...props} />;
}

import { SectionPage, type SectionPageProps, sectionMetadata } from "@/sections/frame/section-page";
import { SWIMMER_PLOT } from "@/sections/tumour-response/section";

export const generateMetadata = sectionMetadata(SWIMMER_PLOT);

export default function Page(props: SectionPageProps) {
  return <SectionPage section={SWIMMER_PLOT} {...props} />;
}

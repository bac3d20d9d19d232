import { SectionPage, type SectionPageProps, sectionMetadata } from "@/sections/frame/section-page";
import { TUMOUR_RESPONSE } from "@/sections/tumour-response/section";

export const generateMetadata = sectionMetadata(TUMOUR_RESPONSE);

export default function Page(props: SectionPageProps) {
  return <SectionPage section={TUMOUR_RESPONSE} {...props} />;
}

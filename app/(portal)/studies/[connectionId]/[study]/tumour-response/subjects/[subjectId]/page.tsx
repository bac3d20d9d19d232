import { SectionPage, type SectionPageProps, sectionMetadata } from "@/sections/frame/section-page";
import { RESPONSE_PAGE } from "@/sections/tumour-response/section";

export const generateMetadata = sectionMetadata(RESPONSE_PAGE);

export default function Page(props: SectionPageProps) {
  return <SectionPage section={RESPONSE_PAGE} {...props} />;
}

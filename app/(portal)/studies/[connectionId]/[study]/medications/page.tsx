import { SectionPage, type SectionPageProps, sectionMetadata } from "@/sections/frame/section-page";
import { MEDICATIONS } from "@/sections/medications/section";

export const generateMetadata = sectionMetadata(MEDICATIONS);

export default function Page(props: SectionPageProps) {
  return <SectionPage section={MEDICATIONS} {...props} />;
}

import { SectionPage, type SectionPageProps, sectionMetadata } from "@/sections/frame/section-page";
import { VITAL_SIGNS } from "@/sections/vital-signs/section";

export const generateMetadata = sectionMetadata(VITAL_SIGNS);

export default function Page(props: SectionPageProps) {
  return <SectionPage section={VITAL_SIGNS} {...props} />;
}

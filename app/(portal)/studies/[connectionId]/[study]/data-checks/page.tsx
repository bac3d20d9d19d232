import { DATA_CHECKS } from "@/sections/data-checks/section";
import { SectionPage, type SectionPageProps, sectionMetadata } from "@/sections/frame/section-page";

export const generateMetadata = sectionMetadata(DATA_CHECKS);

export default function Page(props: SectionPageProps) {
  return <SectionPage section={DATA_CHECKS} {...props} />;
}

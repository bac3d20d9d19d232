import { ADVERSE_EVENTS } from "@/sections/adverse-events/section";
import { SectionPage, type SectionPageProps, sectionMetadata } from "@/sections/frame/section-page";

export const generateMetadata = sectionMetadata(ADVERSE_EVENTS);

export default function Page(props: SectionPageProps) {
  return <SectionPage section={ADVERSE_EVENTS} {...props} />;
}

import { SectionPage, type SectionPageProps, sectionMetadata } from "@/sections/frame/section-page";
import { SAVED_VIEWS } from "@/sections/saved-views/section";

export const generateMetadata = sectionMetadata(SAVED_VIEWS);

export default function Page(props: SectionPageProps) {
  return <SectionPage section={SAVED_VIEWS} {...props} />;
}

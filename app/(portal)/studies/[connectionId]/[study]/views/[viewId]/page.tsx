import { SectionPage, type SectionPageProps, sectionMetadata } from "@/sections/frame/section-page";
import { SAVED_VIEW } from "@/sections/saved-views/section";

export const generateMetadata = sectionMetadata(SAVED_VIEW);

export default function Page(props: SectionPageProps) {
  return <SectionPage section={SAVED_VIEW} {...props} />;
}

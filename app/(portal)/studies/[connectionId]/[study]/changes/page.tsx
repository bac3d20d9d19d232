import { CHANGES } from "@/sections/changes/section";
import { SectionPage, type SectionPageProps, sectionMetadata } from "@/sections/frame/section-page";

export const generateMetadata = sectionMetadata(CHANGES);

export default function Page(props: SectionPageProps) {
  return <SectionPage section={CHANGES} {...props} />;
}

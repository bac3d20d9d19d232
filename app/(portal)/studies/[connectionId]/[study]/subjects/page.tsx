import { SectionPage, type SectionPageProps, sectionMetadata } from "@/sections/frame/section-page";
import { SUBJECTS } from "@/sections/subjects/section";

export const generateMetadata = sectionMetadata(SUBJECTS);

export default function Page(props: SectionPageProps) {
  return <SectionPage section={SUBJECTS} {...props} />;
}

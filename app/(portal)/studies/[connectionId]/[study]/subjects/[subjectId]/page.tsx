import { SectionPage, type SectionPageProps, sectionMetadata } from "@/sections/frame/section-page";
import { SUBJECT_PROFILE } from "@/sections/subject-profile/section";

export const generateMetadata = sectionMetadata(SUBJECT_PROFILE);

export default function Page(props: SectionPageProps) {
  return <SectionPage section={SUBJECT_PROFILE} {...props} />;
}

import { SectionPage, type SectionPageProps, sectionMetadata } from "@/sections/frame/section-page";
import { SUBJECT_PROFILE_PAGE } from "@/sections/subject-profile-parts";

export const generateMetadata = sectionMetadata(SUBJECT_PROFILE_PAGE);

export default function Page(props: SectionPageProps) {
  return <SectionPage section={SUBJECT_PROFILE_PAGE} {...props} />;
}

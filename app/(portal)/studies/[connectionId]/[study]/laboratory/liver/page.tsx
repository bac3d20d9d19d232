import { SectionPage, type SectionPageProps, sectionMetadata } from "@/sections/frame/section-page";
import { LIVER_SAFETY } from "@/sections/laboratory/section";

export const generateMetadata = sectionMetadata(LIVER_SAFETY);

export default function Page(props: SectionPageProps) {
  return <SectionPage section={LIVER_SAFETY} {...props} />;
}

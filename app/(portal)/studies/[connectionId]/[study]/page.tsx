import { SectionPage, type SectionPageProps, sectionMetadata } from "@/sections/frame/section-page";
import { OVERVIEW } from "@/sections/overview-parts";

export const generateMetadata = sectionMetadata(OVERVIEW);

export default function Page(props: SectionPageProps) {
  return <SectionPage section={OVERVIEW} {...props} />;
}

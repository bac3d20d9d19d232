import { SectionPage, type SectionPageProps, sectionMetadata } from "@/sections/frame/section-page";
import { LABORATORY } from "@/sections/laboratory/section";

export const generateMetadata = sectionMetadata(LABORATORY);

export default function Page(props: SectionPageProps) {
  return <SectionPage section={LABORATORY} {...props} />;
}

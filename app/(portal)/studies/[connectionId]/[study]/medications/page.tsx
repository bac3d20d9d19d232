import { sectionPage } from "@/sections/frame/section-page";
import { MEDICATIONS } from "@/sections/medications/section";

const page = sectionPage(MEDICATIONS);
export const generateMetadata = page.generateMetadata;
export default page.Page;

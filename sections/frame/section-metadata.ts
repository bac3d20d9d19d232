/**
 * The browser title of a study section, e.g. "ONC-101 subjects · Study Portal"; only a valid study number is
 * echoed.
 */

import { studyRouteSchema } from "@/lib/study/study-route";
import type { StudyParams } from "@/sections/frame/study-page";
import { type SectionSlug, sectionOf } from "./addresses";

export function sectionMetadata(slug: SectionSlug) {
  return async ({ params }: { params: StudyParams }) => {
    const parsed = studyRouteSchema.safeParse(await params);
    const section = sectionOf(slug).title.toLowerCase();
    return { title: parsed.success ? `${parsed.data.study} ${section} · Study Portal` : "Study Portal" };
  };
}

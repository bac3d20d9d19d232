/**
 * The browser title of a study section, e.g. "ONC-101 subjects · Study Portal"; only a valid study number is
 * echoed.
 */

import type { StudyParams } from "@/lib/study-views/study-page";
import { studyRouteSchema } from "@/lib/study-views/study-route";
import { type SectionSlug, sectionOf } from "./sections";

export function sectionMetadata(slug: SectionSlug) {
  return async ({ params }: { params: StudyParams }) => {
    const parsed = studyRouteSchema.safeParse(await params);
    const section = sectionOf(slug).title.toLowerCase();
    return { title: parsed.success ? `${parsed.data.study} ${section} · Study Portal` : "Study Portal" };
  };
}

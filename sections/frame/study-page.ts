/**
 * The opening every study page (the layout and each section) shares: the
 * signed-in user, the route checked, and the user's own study, or 404.
 */
import { notFound } from "next/navigation";
import { cache } from "react";
import { requestAddress } from "@/lib/audit/request-address";
import { requireUser } from "@/lib/auth/dal";
import { openUserStudy, type UserStudy } from "@/lib/study/open-user-study";
import { type StudyRoute, studyRouteSchema } from "@/lib/study/study-route";

/** What Next.js gives a page or layout under /studies/[connectionId]/[study]. */
export type StudyParams = Promise<{ connectionId: string; study: string }>;

/**
 * Once per request: the layout and the page open the same study, and a refusal is one audit entry, not two.
 * (React's cache keeps a value for the render of one request only.)
 */
const openOnce = cache(async (userId: number, connectionId: string, study: string) =>
  openUserStudy(userId, { connectionId, study }, undefined, { address: await requestAddress(), via: "study_page" }),
);

export async function openStudyPage(params: StudyParams): Promise<{ route: StudyRoute; access: UserStudy }> {
  const user = await requireUser();
  const route = studyRouteSchema.safeParse(await params);
  if (!route.success) notFound();
  const access = await openOnce(user.id, route.data.connectionId, route.data.study);
  if (!access) notFound();
  return { route: route.data, access };
}

/**
 * The opening every study page (the layout and each section) shares: the
 * signed-in user, the route checked, and the user's own study, or 404.
 */
import { notFound } from "next/navigation";
import { requireUser } from "@/lib/auth/dal";
import { openUserStudy, type UserStudy } from "./open-user-study";
import { type StudyRoute, studyRouteSchema } from "./study-route";

/** What Next.js gives a page or layout under /studies/[connectionId]/[study]. */
export type StudyParams = Promise<{ connectionId: string; study: string }>;

export async function openStudyPage(params: StudyParams): Promise<{ route: StudyRoute; access: UserStudy }> {
  const user = await requireUser();
  const route = studyRouteSchema.safeParse(await params);
  if (!route.success) notFound();
  const access = openUserStudy(user.id, route.data);
  if (!access) notFound();
  return { route: route.data, access };
}

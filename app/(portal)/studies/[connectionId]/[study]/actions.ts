"use server";
import { revalidatePath } from "next/cache";
import { requireUser } from "@/lib/auth/dal";
import { openUserStudy, studyPath, studyRouteSchema } from "@/lib/study-views/open-user-study";

/** Refresh: forget this identity's cached copy of the study and render the page again, which loads it afresh. */
export async function refreshStudy(form: FormData): Promise<void> {
  const user = await requireUser();
  const route = studyRouteSchema.safeParse({ connectionId: form.get("connectionId"), study: form.get("study") });
  if (!route.success) return;
  const access = openUserStudy(user.id, route.data);
  if (!access) return;
  await access.refresh();
  revalidatePath(studyPath(route.data));
}

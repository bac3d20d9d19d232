"use server";
import { revalidatePath } from "next/cache";
import { requestAddress } from "@/lib/audit/request-address";
import { requireUser } from "@/lib/auth/dal";
import { openUserStudy } from "@/lib/study/open-user-study";
import { studyPath, studyRouteSchema } from "@/lib/study/study-route";
import type { RefreshAnswer } from "@/sections/frame/ui/RefreshButton";

/**
 * Refresh: forget this identity's cached copy of the study and render its sections again, which load it afresh;
 * while a load of the study runs, when the user has pressed it too often lately, or when the presses cannot be
 * counted, nothing is dropped or started, and the button says so.
 */
export async function refreshStudy(_previous: RefreshAnswer, form: FormData): Promise<RefreshAnswer> {
  const user = await requireUser();
  const route = studyRouteSchema.safeParse({ connectionId: form.get("connectionId"), study: form.get("study") });
  if (!route.success) return null;
  const access = await openUserStudy(user.id, route.data, undefined, {
    address: await requestAddress(),
    via: "refresh",
  });
  if (!access) return null;
  const outcome = await access.refresh();
  if (outcome.status === "loading") return { status: "loading" };
  if (outcome.status === "limited" || outcome.status === "not-counted") return outcome;
  revalidatePath(studyPath(route.data), "layout");
  return null;
}

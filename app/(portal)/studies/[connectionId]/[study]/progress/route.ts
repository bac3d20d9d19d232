import { requestAddress } from "@/lib/audit/request-address";
import { requireUser } from "@/lib/auth/dal";
import { openUserStudy } from "@/lib/study/open-user-study";
import { studyRouteSchema } from "@/lib/study/study-route";

/** How far the loads of this study have got, for the signed-in user's own connection only; counts, nothing else. */
export async function GET(_request: Request, { params }: { params: Promise<{ connectionId: string; study: string }> }) {
  const user = await requireUser();
  const route = studyRouteSchema.safeParse(await params);
  const request = { address: await requestAddress(), via: "progress" as const };
  const access = route.success ? await openUserStudy(user.id, route.data, undefined, request) : undefined;
  if (!access)
    return Response.json(
      { error: "No such study on your connections." },
      { status: 404, headers: { "cache-control": "no-store" } },
    );
  return Response.json({ recordTypes: access.progress() }, { headers: { "cache-control": "no-store" } });
}

/**
 * The data access layer's session check. Every page, route handler and
 * server action calls requireUser() (or currentUser()) on the server; the
 * proxy's redirect is only a convenience for signed-out visitors.
 */

import { redirect } from "next/navigation";
import { connection } from "next/server";
import { getServerSession } from "next-auth";
import { cache } from "react";
import { portalStore } from "@/lib/store/portal-store";
import { authOptions } from "./options";
import { nowSeconds } from "./session-lifetime";
import { type SessionUser, userForSession } from "./session-user";

export type { SessionUser };

/** The signed-in user, or null. Cached per request, so layout and page share one check. */
export const currentUser = cache(async (): Promise<SessionUser | null> => {
  // Per request, never at build time: the build has no secrets and no visitor.
  await connection();
  const session = await getServerSession(authOptions());
  return userForSession(await portalStore(), session, nowSeconds());
});

/** The signed-in user; redirects to /signin when there is none (also for a disabled account or an ended session). */
export async function requireUser(): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect("/signin");
  return user;
}

import type { ReactNode } from "react";
import { SessionKeepAlive } from "@/components/auth/SessionKeepAlive";
import { AppHeader } from "@/components/shell/AppHeader";
import { DemoBanner } from "@/components/shell/DemoBanner";
import { requireUser } from "@/lib/auth/dal";
import { env } from "@/lib/env";

/**
 * The signed-in shell. Layouts are not re-rendered on every navigation, so
 * each page checks the session itself too (requireUser is cached per request).
 */
export default async function PortalLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  return (
    <>
      {env().DEMO_MODE && <DemoBanner />}
      <AppHeader email={user.email} />
      <SessionKeepAlive />
      {children}
    </>
  );
}

import type { ReactNode } from "react";
import { SessionKeepAlive } from "@/components/auth/SessionKeepAlive";
import { AppHeader } from "@/components/shell/AppHeader";
import { DemoBanner } from "@/components/shell/DemoBanner";
import shellStyles from "@/components/shell/shell.module.css";
import { requireUser } from "@/lib/auth/dal";
import { env } from "@/lib/config/env";

/**
 * The signed-in shell. Layouts are not re-rendered on every navigation, so
 * each page checks the session itself too (requireUser is cached per request).
 * Its first stop for the Tab key is "Skip to content" (WCAG 2.4.1), shown when
 * focused: it moves focus past the banner and header to the page's content.
 */
export default async function PortalLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  return (
    <>
      <a href="#content" className={shellStyles.skipLink}>
        Skip to content
      </a>
      {env().DEMO_MODE && <DemoBanner />}
      <AppHeader email={user.email} />
      <SessionKeepAlive />
      {/* Focusable by the skip link only (tabIndex -1): the next Tab goes to the content's first control. */}
      <div id="content" tabIndex={-1}>
        {children}
      </div>
    </>
  );
}

import type { ReactNode } from "react";
import { SessionKeepAlive } from "@/components/auth/SessionKeepAlive";
import { ColumnChoicesProvider } from "@/components/data-table/ColumnChoices";
import { AppHeader } from "@/components/shell/AppHeader";
import { DemoBanner } from "@/components/shell/DemoBanner";
import shellStyles from "@/components/shell/shell.module.css";
import { requireUser } from "@/lib/auth/dal";
import { env } from "@/lib/config/env";
import { tableColumnChoices } from "@/lib/db/table-columns";
import { portalStore } from "@/lib/store/portal-store";

/**
 * The signed-in shell. Layouts are not re-rendered on every navigation, so
 * each page checks the session itself too (requireUser is cached per request).
 * Its first stop for the Tab key is "Skip to content" (WCAG 2.4.1), shown when
 * focused: it moves focus past the banner and header to the page's content. The user's choices of table columns
 * are read here, once for the page load, so that every table is drawn with them (docs/design.md, Tables).
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
        <ColumnChoicesProvider initial={await tableColumnChoices(await portalStore(), user.id)}>
          {children}
        </ColumnChoicesProvider>
      </div>
    </>
  );
}

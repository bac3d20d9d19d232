import type { Metadata } from "next";
import Link from "next/link";
import { AuditView } from "@/components/audit/AuditView";
import { parseAuditQuery } from "@/lib/audit/audit-query";
import { connectionNames } from "@/lib/audit/connection-names";
import { listAuditEntries } from "@/lib/audit/list-entries";
import { requireUser } from "@/lib/auth/dal";
import { type PageSearchParams, searchParamsOf } from "@/lib/http/url";
import { portalStore } from "@/lib/store/portal-store";

export const metadata: Metadata = { title: "Your activity · Study Portal" };

/** The signed-in user's own audit entries, and nobody else's: the user filter is theirs, whatever the URL says. */
export default async function ActivityPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const user = await requireUser();
  const query = parseAuditQuery(searchParamsOf(await searchParams), false);
  const store = await portalStore();
  const page = await listAuditEntries(store, { ...query.filters, user: user.id }, query.cursor);
  // Only the user's own connections are named (a refused access may name another user's).
  const ids = page.entries.map((e) => e.connection_id);
  const names = await connectionNames(store, ids, { userId: user.id, admin: user.role === "admin" });
  return (
    <main>
      <h1>Your activity</h1>
      <p>
        What the portal recorded of your sign-ins, connections and study data, newest first.{" "}
        {user.role === "admin" && <Link href="/admin/audit">Every user&apos;s activity</Link>}
      </p>
      <AuditView base="/settings/activity" query={query} page={page} names={names} />
    </main>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { AuditView } from "@/components/audit/AuditView";
import { parseAuditQuery } from "@/lib/audit/audit-query";
import { connectionNames } from "@/lib/audit/connection-names";
import { listAuditEntries } from "@/lib/audit/list-entries";
import { currentUser } from "@/lib/auth/dal";
import { requireAdmin } from "@/lib/auth/require-admin";
import { listUsers } from "@/lib/db/users";
import { type PageSearchParams, searchParamsOf } from "@/lib/http/url";
import { portalStore } from "@/lib/store/portal-store";

/** Named for administrators only: to anyone else the page is "not found", and its title must not say otherwise. */
export async function generateMetadata(): Promise<Metadata> {
  const user = await currentUser();
  return { title: user?.role === "admin" ? "Audit trail · Study Portal" : "Study Portal" };
}

/** Every user's audit entries, for administrators only (docs/audit.md). */
export default async function AuditPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const admin = await requireAdmin("/admin/audit");
  const query = parseAuditQuery(searchParamsOf(await searchParams), true);
  const store = await portalStore();
  const page = await listAuditEntries(store, query.filters, query.cursor);
  const users = (await listUsers(store)).map(({ id, email }) => ({ id, email }));
  const ids = page.entries.map((e) => e.connection_id);
  const names = await connectionNames(store, ids, { userId: admin.id, admin: true });
  return (
    <main>
      <h1>Audit trail</h1>
      <p>
        Who signed in, changed accounts or connections, loaded, refreshed or exported study data, and what was refused.
        Entries are never changed or removed; <code>npm run audit -- verify</code> checks that none was.{" "}
        <Link href="/settings/activity">Your own activity</Link>
      </p>
      <AuditView base="/admin/audit" query={query} page={page} users={users} names={names} />
    </main>
  );
}

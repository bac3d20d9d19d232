import Link from "next/link";
import { PurgeOutcome, SnapshotSummary, SnapshotUsageTable } from "@/components/admin/SnapshotUsage";
import { requireAdmin } from "@/lib/auth/require-admin";
import { env } from "@/lib/config/env";
import { type PageSearchParams, searchParamsOf } from "@/lib/http/url";
import { snapshotUsage } from "@/lib/snapshots/snapshot-usage";
import { portalStore } from "@/lib/store/portal-store";
import { purgeSnapshotsAction } from "./actions";

/** What the portal store holds of study snapshots, with their purge, for administrators only. */
export default async function SnapshotsPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  await requireAdmin("/admin/snapshots");
  const usage = await snapshotUsage(await portalStore());
  const e = env();
  return (
    <main>
      <h1>Study snapshots</h1>
      <p>
        Every load of a study is kept in the portal store as a snapshot, served again after a restart and compared by
        the Changes section. What this instance holds in memory is on <Link href="/admin/cache">Study data cache</Link>.
      </p>
      <PurgeOutcome said={searchParamsOf(await searchParams)} />
      <SnapshotSummary usage={usage} kept={e.SNAPSHOTS_KEPT} keptDays={e.SNAPSHOTS_KEPT_DAYS} />
      <SnapshotUsageTable studies={usage.studies} purge={purgeSnapshotsAction} />
    </main>
  );
}

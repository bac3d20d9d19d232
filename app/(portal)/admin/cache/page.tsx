import Link from "next/link";
import { CacheEntries, CacheSummary } from "@/components/admin/CacheStats";
import { requireAdmin } from "@/lib/auth/require-admin";
import { studyCache } from "@/lib/study/study-cache-instance";

/** What the study cache holds, for administrators only. */
export default async function CachePage() {
  await requireAdmin("/admin/cache");
  const stats = studyCache().stats();
  return (
    <main>
      <h1>Study data cache</h1>
      <p>
        What this instance holds in memory. The loads kept in the portal store are on{" "}
        <Link href="/admin/snapshots">Study snapshots</Link>.
      </p>
      <CacheSummary s={stats} />
      <CacheEntries list={stats.list} />
    </main>
  );
}

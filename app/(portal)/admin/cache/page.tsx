import { notFound } from "next/navigation";
import { CacheEntries, CacheSummary } from "@/components/admin/CacheStats";
import { requireUser } from "@/lib/auth/dal";
import { studyCache } from "@/lib/study-cache/instance";

/** What the study cache holds, for administrators only. */
export default async function CachePage() {
  const user = await requireUser();
  if (user.role !== "admin") notFound();
  const stats = studyCache().stats();
  return (
    <main>
      <h1>Study data cache</h1>
      <CacheSummary s={stats} />
      <CacheEntries list={stats.list} />
    </main>
  );
}

/**
 * The adverse-event listing's filter as the query gives it (./adverse-events-query.ts): whether it narrows the
 * listing at all, and a stable name of it for the memo of its rows.
 */
import type { AeListingFilter } from "@/lib/clinical/adverse-events/listing";

/** Whether the listing is narrowed by any of its filters. */
export function isFiltered(f: AeListingFilter): boolean {
  return (
    f.scope !== "all" ||
    f.subject !== null ||
    f.term !== null ||
    f.worst !== null ||
    f.grade !== null ||
    f.related ||
    f.ongoing ||
    f.flag !== null ||
    f.ctcae !== null ||
    Object.keys(f.subgroup).length > 0
  );
}

/** A stable name of a filter, for the memo of its rows. */
export function filterKey(f: AeListingFilter): string {
  const subgroup = Object.entries(f.subgroup).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([
    f.scope,
    f.subject,
    f.term,
    f.worst,
    f.grade,
    f.related,
    f.ongoing,
    f.flag,
    f.ctcae,
    subgroup,
  ]);
}

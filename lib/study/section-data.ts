/**
 * What every section's view carries besides its own rows, so that the section
 * frame (sections/frame/ui/StudySection.tsx) can show it the same way for all:
 * the "data as of" time and the records the schemas refused.
 */
import type { Rejected } from "@/lib/partner-client/checked-records";
import type { CachedRecordType, CachedRows } from "@/lib/study-cache/row-mappers";
import type { CacheHit } from "@/lib/study-cache/ttl-lru";

export interface RejectedOfType extends Rejected {
  recordType: CachedRecordType;
}

/** When one record type the view is built from was loaded (or its snapshot taken). */
export interface RecordTypeLoad {
  recordType: CachedRecordType;
  loadedAt: number;
}

export interface SectionData {
  /** The oldest load the view is built from (epoch ms): the "data as of" time. */
  asOf: number;
  /** Each record type's load, where the view knows them: the page says which are older than the others. */
  loads?: RecordTypeLoad[];
  /** Records the schemas refused, per record type that had any. */
  rejected: RejectedOfType[];
}

/** The data time and refused records of the cached record types a view is built from. */
export function sectionData(loads: Partial<Record<CachedRecordType, CacheHit<CachedRows<unknown>>>>): SectionData {
  const hits = Object.entries(loads) as [CachedRecordType, CacheHit<CachedRows<unknown>>][];
  return {
    asOf: Math.min(...hits.map(([, hit]) => hit.loadedAt)),
    loads: hits.map(([recordType, hit]) => ({ recordType, loadedAt: hit.loadedAt })),
    rejected: hits
      .filter(([, hit]) => hit.value.rejected.count > 0)
      .map(([recordType, hit]) => ({ recordType, ...hit.value.rejected })),
  };
}

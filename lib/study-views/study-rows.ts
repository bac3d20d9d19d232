/**
 * The one generic loader a study view uses: any cached record type of one
 * study, for one set of credentials, through the study cache. Section loaders
 * (load-subject-list.ts, and next to it one per section) take it and build
 * their view from the rows.
 */
import type { PartnerCredentials } from "@/partner-api/credentials";
import type { CachedRecordType, CachedRows, RowOf } from "../study-cache/row-mappers";
import type { CompletedLoad, StudyCache } from "../study-cache/study-cache";
import type { CacheHit } from "../study-cache/ttl-lru";

export type StudyRows = <K extends CachedRecordType>(recordType: K) => Promise<CacheHit<CachedRows<RowOf<K>>>>;

/** What a section loader needs of a study: its rows. */
export interface StudyData {
  rows: StudyRows;
}

/** `onLoaded`: told of each load these rows() calls start, when it has all its records (StudyCache.rows). */
export function cachedStudy(
  cache: StudyCache,
  creds: PartnerCredentials,
  study: string,
  onLoaded?: (load: CompletedLoad) => void,
): StudyData {
  return { rows: (recordType) => cache.rows(creds, study, recordType, onLoaded) };
}

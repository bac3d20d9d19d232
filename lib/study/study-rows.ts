/**
 * The one generic loader a study view uses: any cached record type of one
 * study, for one set of credentials, through the study cache. Section loaders
 * (load-subject-list.ts, and next to it one per section) take it and build
 * their view from the rows.
 */

import type { CachedRecordType, CachedRows, RowOf } from "@/lib/study-cache/row-mappers";
import type { RowsAsk, StudyCache } from "@/lib/study-cache/study-cache";
import type { CacheHit } from "@/lib/study-cache/ttl-lru";
import type { PartnerCredentials } from "@/partner-api/credentials";

export type StudyRows = <K extends CachedRecordType>(recordType: K) => Promise<CacheHit<CachedRows<RowOf<K>>>>;

/** What a section loader needs of a study: its rows. */
export interface StudyData {
  rows: StudyRows;
  /**
   * The whole study, where this one is narrowed to some of its subjects (sections/frame/filtered-study.ts): what
   * belongs to the study rather than to its subjects is read from it.
   */
  whole?: StudyData;
}

/** `ask`: on whose behalf, and what to tell of each load these rows() calls start (StudyCache.rows). */
export function cachedStudy(cache: StudyCache, creds: PartnerCredentials, study: string, ask?: RowsAsk): StudyData {
  return { rows: (recordType) => cache.rows(creds, study, recordType, ask) };
}

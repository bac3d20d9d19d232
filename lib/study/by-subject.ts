/**
 * A record type's rows grouped by subject, built once per cache entry
 * (./derived.ts), so that a subject's profile takes its rows from an index
 * instead of scanning a million laboratory results at each request. The index
 * is built in slices (lib/runtime/in-slices.ts): the first profile of a newly loaded
 * study does not hold up the pages of other users.
 */
import { ROWS_PER_PAUSE } from "@/lib/clinical/common/sliced";
import type { CachedRows } from "@/lib/study-cache/row-mappers";
import { derivedInSlices } from "./derived";

export interface BySubject<R> {
  rows: ReadonlyMap<string, readonly R[]>;
  /** Per subject, records sent again (a key already seen), kept once: docs/clinical-rules.md counts each key once. */
  repeated: ReadonlyMap<string, number>;
}

const NONE: readonly never[] = [];

/**
 * The rows of each subject, in the partner's order; with `key`, a record whose key was already seen is left out
 * (and counted). Rows that name no subject are on no subject.
 */
export function bySubject<R extends { subjectId: string | null }>(
  cached: CachedRows<R>,
  key?: (row: R) => string,
): Promise<BySubject<R>> {
  return derivedInSlices(key ? "by subject, each key once" : "by subject", [cached], function* () {
    const rows = new Map<string, R[]>();
    const seen = new Set<string>();
    const repeated = new Map<string, number>();
    for (let i = 0; i < cached.rows.length; i++) {
      if (i % ROWS_PER_PAUSE === ROWS_PER_PAUSE - 1) yield;
      const r = cached.rows[i];
      if (r.subjectId === null) continue;
      if (key) {
        const k = key(r);
        if (seen.has(k)) {
          repeated.set(r.subjectId, (repeated.get(r.subjectId) ?? 0) + 1);
          continue;
        }
        seen.add(k);
      }
      const list = rows.get(r.subjectId);
      if (list) list.push(r);
      else rows.set(r.subjectId, [r]);
    }
    return { rows, repeated };
  });
}

/** One subject's rows of an index; none when the subject has none. */
export const rowsOf = <R>(index: BySubject<R>, subjectId: string): readonly R[] => index.rows.get(subjectId) ?? NONE;

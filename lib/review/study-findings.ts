/**
 * A user's review of a study's data-check findings within their partner organisation (docs/review.md, Data-check
 * findings): when each finding of the latest data was first found (./finding-history.ts), and the user's marks of
 * findings seen, a list of their own in the marks store beside the record types' (./marks-store.ts). A past
 * snapshot's review records and marks nothing.
 */
import { type FindingsNow, findingHistory } from "./finding-history";
import type { FirstFound } from "./findings-store";
import type { MarkOutcome } from "./mark-outcome";
import { cachedMarks, markKept, unmarkKept } from "./marks-cache";
import type { Mark } from "./marks-store";
import type { MarkedRecord } from "./marks-write";
import { type ReviewSource, reviewList } from "./review-source";

/** The list a user's marks of data-check findings are kept in: no record type has its name. */
export const FINDINGS_LIST = "finding";

export interface StudyFindings {
  /**
   * When each data-check finding of the latest data was first found, in the organisation (./finding-history.ts);
   * the latest data's findings recorded first. A past snapshot's review records nothing.
   */
  firstFound(now: FindingsNow): Promise<ReadonlyMap<string, FirstFound>>;
  /** The user's marks of data-check findings seen, by finding key. */
  seenFindings(): Promise<ReadonlyMap<string, Mark>>;
  /** Marks findings seen with their content now, or takes the marks of findings away. */
  seeFindings(records: readonly MarkedRecord[]): Promise<MarkOutcome>;
  unseeFindings(keys: readonly string[]): Promise<MarkOutcome>;
}

export function studyFindings(source: ReviewSource): StudyFindings {
  const list = reviewList(source, FINDINGS_LIST);
  const now = () => source.now?.() ?? new Date();
  return {
    firstFound: (findings) =>
      findingHistory(
        source.store,
        { organisation: source.organisation, study: source.study },
        findings,
        !source.readOnly,
      ),
    seenFindings: async () => (await cachedMarks(source.store, list)).marks,
    seeFindings: async (records) => {
      if (source.readOnly) return { status: "read-only" };
      const held = (await cachedMarks(source.store, list)).marks;
      // A finding already seen with its content now keeps its mark as it is.
      const fresh = records.filter((r) => held.get(r.key)?.hash !== r.hash);
      if (fresh.length > 0) await markKept(source.store, list, fresh, now(), null);
      return { status: "done", count: records.length };
    },
    unseeFindings: async (keys) => {
      if (source.readOnly) return { status: "read-only" };
      await unmarkKept(source.store, list, keys, now());
      return { status: "done", count: keys.length };
    },
  };
}

/** The findings' review of a study whose data cannot be asked for: every call fails with `err`. */
export const refusedFindings = (err: Error): StudyFindings => ({
  firstFound: () => Promise.reject(err),
  seenFindings: () => Promise.reject(err),
  seeFindings: () => Promise.reject(err),
  unseeFindings: () => Promise.reject(err),
});

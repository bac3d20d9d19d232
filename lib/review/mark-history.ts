/**
 * What a user's marks tell of the past (docs/review.md, Reviewed marks): the latest mark of a list, and what
 * changed in a marked record between the snapshot it was marked in and the one its rows are now.
 */
import type { ChangedRecordType, RecordChange } from "@/lib/snapshots/changes";
import type { Mark, Marks } from "./marks-store";
import type { ReviewSource } from "./review-source";

/** The latest mark of a list at one version, found once per version (a list may hold a million). */
const latest = new WeakMap<ReadonlyMap<string, Mark>, { version: number; mark: Mark | null }>();

export function latestOf(marks: Marks): Mark | null {
  const held = latest.get(marks.marks);
  if (held && held.version === marks.version) return held.mark;
  let mark: Mark | null = null;
  // ISO 8601 UTC times of one form: their order is their text's.
  for (const m of marks.marks.values()) if (!mark || m.at > mark.at) mark = m;
  latest.set(marks.marks, { version: marks.version, mark });
  return mark;
}

/** The record's change between the snapshot it was marked in and the one its rows are now; null: not known. */
export async function changeSinceMark(
  source: ReviewSource,
  recordType: ChangedRecordType,
  key: string,
  mark: Mark,
): Promise<RecordChange | null> {
  if (mark.snapshot === null || !source.changes) return null;
  const { loadedAt } = await source.rows(recordType);
  const now = await source.snapshotOf(recordType, loadedAt);
  if (now === null || now === mark.snapshot) return null;
  // A snapshot deleted since (retention, a purge) or of another identity (new credentials): not known.
  const changes = await source.changes(recordType, mark.snapshot, now).catch(() => []);
  return changes.find((c) => c.key === key && c.kind === "changed") ?? null;
}

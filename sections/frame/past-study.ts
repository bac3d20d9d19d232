/**
 * A study read as it was at one of its past study snapshots (docs/snapshots.md, Past snapshots): every record type
 * as that snapshot holds it (the one kept with it, or the latest before it), read-only. Its rows() prove access
 * first as every view does (StudyHistory), so a revoked grant or a rotated secret hides past snapshots too. A record
 * type the snapshot does not hold, or a snapshot the study does not have, fails with words and a way back.
 */
import { studySnapshotOf } from "@/lib/snapshots/study-snapshots";
import type { UserStudy } from "@/lib/study/open-user-study";
import { SnapshotGoneError } from "@/lib/study/study-history";
import type { StudyRows } from "@/lib/study/study-rows";
import { recordTypeLabel } from "./record-type-labels";

/** The past snapshot holds no load of a record type the page needs: it was not loaded by then. */
export class NotInSnapshotError extends Error {
  constructor(recordType: string) {
    super(`This snapshot holds no ${recordTypeLabel(recordType).toLowerCase()}: they had not been loaded by then.`);
    this.name = "NotInSnapshotError";
  }
}

/** Whether an error is a past snapshot's own (said on the page with a link to the latest data). */
export const isPastSnapshotError = (e: unknown): e is Error =>
  e instanceof NotInSnapshotError || e instanceof SnapshotGoneError;

export function pastStudy(study: UserStudy, id: number): UserStudy {
  let found: ReturnType<UserStudy["history"]["snapshots"]> | undefined;
  const snapshot = async () => {
    found ??= study.history.snapshots();
    const at = studySnapshotOf(await found, id);
    if (!at) throw new SnapshotGoneError();
    return at;
  };
  const rows = (async (recordType) => {
    const kept = (await snapshot()).inEffect.get(recordType);
    if (!kept) throw new NotInSnapshotError(recordType);
    return study.history.read(recordType, kept.id);
  }) as StudyRows;
  return {
    ...study,
    rows,
    review: study.review.over(async (recordType) => {
      const hit = await rows(recordType);
      return { rows: hit.value.rows as object[], loadedAt: hit.loadedAt };
    }),
    whole: undefined,
    past: id,
    refresh: async () => ({ status: "refused" }),
    progress: () => [],
  };
}

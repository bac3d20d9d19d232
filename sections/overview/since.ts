/**
 * What changed since the user's last review (docs/review.md, The study overview): their latest mark's study snapshot
 * compared with the latest as the Changes section compares two, and the new safety signals among the changes
 * (./signals.ts), the Hy's law quadrant's from the liver safety plot now and then.
 */
import type { EdishPlot } from "@/lib/clinical/liver/edish";
import type { NewFindings } from "@/lib/review/finding-history";
import type { Mark } from "@/lib/review/marks-store";
import type { RecordTypeReview } from "@/lib/review/record-type-review";
import type { ChangedRecordType } from "@/lib/snapshots/changes";
import type { StudySnapshot } from "@/lib/snapshots/study-snapshots";
import type { UserStudy } from "@/lib/study/open-user-study";
import type { StudyData } from "@/lib/study/study-rows";
import { isPastSnapshotError, pastStudy } from "@/sections/frame/past-study";
import {
  type ChangeRow,
  changesBySubject,
  type SubjectCount,
  studyChanges,
  type TypeCount,
} from "@/sections/frame/study-changes";
import { hysLawSignals, recordSignals, type SafetySignal, signalOrder } from "./signals";

/** Since the user's last review: the changes between the study snapshot then and the latest. */
export type SinceLastReview =
  | { kind: "never" }
  /** A past snapshot's page: what changed since the last review is told on the latest data. */
  | { kind: "past" }
  | { kind: "unknown"; at: string }
  | { kind: "unchanged"; at: string }
  | ({ kind: "changed"; at: string } & ChangesSince);

/** The changes between the study snapshot of the last review and the latest, and the new safety signals. */
export interface ChangesSince {
  older: { id: number; takenAt: number };
  newer: { id: number; takenAt: number };
  total: number;
  types: TypeCount[];
  subjects: SubjectCount[];
  signals: SafetySignal[];
  /** Whether new Hy's law subjects could be told: not where the laboratory results then are no longer kept. */
  hysLaw: "known" | "not-kept";
  /** What the user has to review: the records added or changed since, not reviewed now or changed since reviewed. */
  toReview: { notReviewed: number; changed: number };
}

/**
 * What the overview takes from other sections: the liver safety plot (eDISH) of a study as the Liver safety page
 * draws it by default, and the data-check findings new since the user's last review. Given by
 * sections/overview-parts.ts, beside the registry: a section imports no other.
 */
export interface OverviewParts {
  edish(study: StudyData): Promise<EdishPlot>;
  /** The data-check findings new since the user's last review, as the Data checks page tells them. */
  findings(study: UserStudy): Promise<NewFindings>;
}

/** The study snapshot the mark was made in: the newest holding its record type's snapshot, else the newest before. */
function snapshotOfMark(
  snapshots: readonly StudySnapshot[],
  recordType: string,
  mark: Mark,
): StudySnapshot | undefined {
  const at = Date.parse(mark.at);
  return (
    (mark.snapshot === null ? undefined : snapshots.find((s) => s.inEffect.get(recordType)?.id === mark.snapshot)) ??
    snapshots.find((s) => s.takenAt <= at)
  );
}

/** What changed since the user's last mark of any of the record types, and the new safety signals. */
export async function sinceLastReview(
  study: UserStudy,
  parts: OverviewParts,
  recordTypes: readonly ChangedRecordType[],
): Promise<SinceLastReview> {
  const last = await study.review.lastMark(recordTypes);
  if (!last) return { kind: "never" };
  const at = last.mark.at;
  const snapshots = await study.history.snapshots();
  const then = snapshotOfMark(snapshots, last.recordType, last.mark);
  const latest = snapshots[0];
  if (!then || !latest) return { kind: "unknown", at };
  if (then.id === latest.id) return { kind: "unchanged", at };
  const { all, types } = await studyChanges(study, then, latest);
  if (all.length === 0) return { kind: "unchanged", at };
  const liver = await hysLawSince(study, parts, then.id);
  return {
    kind: "changed",
    at,
    older: { id: then.id, takenAt: then.takenAt },
    newer: { id: latest.id, takenAt: latest.takenAt },
    total: all.length,
    types,
    subjects: changesBySubject(all),
    signals: [...recordSignals(all), ...(liver ?? [])].sort(signalOrder),
    hysLaw: liver ? "known" : "not-kept",
    toReview: await toReviewOf(study, all),
  };
}

/** The records added or changed (a removed one is in no data to review) by their status for the user now. */
async function toReviewOf(study: UserStudy, changes: readonly ChangeRow[]): Promise<ChangesSince["toReview"]> {
  const toReview = { notReviewed: 0, changed: 0 };
  const reviews = new Map<ChangedRecordType, RecordTypeReview>();
  for (const c of changes) {
    if (c.kind === "removed") continue;
    let review = reviews.get(c.recordType);
    if (!review) {
      review = await study.review.of(c.recordType);
      reviews.set(c.recordType, review);
    }
    const status = review.status(c.key);
    if (status === "not-reviewed") toReview.notReviewed++;
    else if (status === "changed") toReview.changed++;
  }
  return toReview;
}

/** The subjects in the Hy's law quadrant now and not in the snapshot; null: its laboratory results are not kept. */
async function hysLawSince(study: UserStudy, parts: OverviewParts, snapshot: number): Promise<SafetySignal[] | null> {
  const now = await parts.edish(study);
  try {
    return hysLawSignals(now, await parts.edish(pastStudy(study, snapshot)));
  } catch (err) {
    if (isPastSnapshotError(err)) return null;
    throw err;
  }
}

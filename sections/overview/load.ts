/**
 * The study overview's one loader (docs/review.md, The study overview): what needs the user's attention. Since the
 * user's last review (their latest mark), the records added, changed and removed, by record type and subject (the
 * Changes comparison of the study snapshot they last marked in with the latest); and the user's review progress by
 * record type, subject, test and visit, and every reviewer's in the organisation.
 */
import type { ThreadSummary } from "@/lib/review/comments-store";
import type { NewFindings } from "@/lib/review/finding-history";
import { addCounts, noCounts, type StatusCounts } from "@/lib/review/review-counts";
import type { UserStudy } from "@/lib/study/open-user-study";
import type { SectionData } from "@/lib/study/section-data";
import {
  overviewGroupings,
  REVIEWED_TYPES,
  type ReviewerProgress,
  type SubjectProgress,
  subjectOf,
  type TestProgress,
  type TypeProgress,
  testProgress,
  type VisitProgress,
  visitProgress,
} from "./progress";
import { countsOf, firstCountsReady } from "./progress-counts";
import { nextPlace, type QueueStep, queuePlaces } from "./queue";
import { type OverviewParts, type SinceLastReview, sinceLastReview } from "./since";

export type { ChangesSince, OverviewParts, SinceLastReview } from "./since";

export interface OverviewView extends SectionData {
  since: SinceLastReview;
  /** The study's open threads of comments in the organisation (of the study filter's subjects), latest first. */
  comments: ThreadSummary[];
  types: TypeProgress[];
  subjects: SubjectProgress[];
  tests: TestProgress[];
  /** Laboratory results, then vital signs, by visit in schedule order (no visit last). */
  visits: VisitProgress[];
  reviewers: ReviewerProgress[];
  /** The data-check findings new since the user's last review. */
  findings: NewFindings;
  /**
   * The first step of the user's queue with records to review (./queue.ts); null: none. "past": a past snapshot,
   * whose records are not marked (the queue is on the latest data).
   */
  nextPlace: QueueStep | null | "past";
}

export async function loadOverview(study: UserStudy, parts: OverviewParts): Promise<OverviewView> {
  const loaded = await Promise.all(REVIEWED_TYPES.map((t) => study.rows(t)));
  const types: TypeProgress[] = [];
  const subjects = new Map<string, StatusCounts>();
  const tests: TestProgress[] = [];
  const visits: VisitProgress[] = [];
  for (const [i, recordType] of REVIEWED_TYPES.entries()) {
    const rows = loaded[i].value.rows as readonly object[] as readonly Record<string, unknown>[];
    // What does not depend on the marks first, in slices; then the marks, counted at once (./progress-counts.ts).
    await firstCountsReady(await study.review.index(recordType), rows, overviewGroupings(recordType));
    const review = await study.review.of(recordType);
    const bySubject = countsOf(loaded[i].value, rows, review, "subject", subjectOf);
    types.push({ recordType, counts: bySubject.all, unmarkable: bySubject.unmarkable });
    for (const [subjectId, counts] of bySubject.groups)
      addCounts(subjects.get(subjectId) ?? put(subjects, subjectId), counts);
    if (recordType === "laboratory" || recordType === "vital-signs") {
      tests.push(...testProgress(recordType, review, loaded[i].value, rows));
      visits.push(...visitProgress(recordType, review, loaded[i].value, rows));
    }
  }
  const asOf = Math.min(...loaded.map((l) => l.loadedAt));
  const kept = study.whole ? new Set((await study.rows("Patient")).value.rows.map((p) => p.subjectId)) : null;
  const comments = (await study.review.threads()).filter(
    (t) => t.resolved === null && (kept === null || (t.subjectId !== null && kept.has(t.subjectId))),
  );
  return {
    asOf,
    rejected: [],
    since: study.past === undefined ? await sinceLastReview(study, parts, REVIEWED_TYPES) : { kind: "past" },
    comments,
    types,
    subjects: [...subjects]
      .map(([subjectId, counts]) => ({ subjectId, counts }))
      .sort((a, b) => a.subjectId.localeCompare(b.subjectId, "en")),
    tests,
    visits,
    reviewers: await reviewerProgress(study, loaded),
    findings: await parts.findings(study),
    nextPlace: study.past === undefined ? nextPlace(await queuePlaces(study), null) : "past",
  };
}

function put<K>(map: Map<K, StatusCounts>, key: K): StatusCounts {
  const counts = noCounts();
  map.set(key, counts);
  return counts;
}

type Loaded = { value: { rows: readonly object[] } };

async function reviewerProgress(study: UserStudy, loaded: readonly Loaded[]): Promise<ReviewerProgress[]> {
  const out = new Map<number, ReviewerProgress>();
  for (const [i, recordType] of REVIEWED_TYPES.entries()) {
    const rows = loaded[i].value.rows as readonly Record<string, unknown>[];
    for (const { userId, name, you, review } of await study.review.reviewers(recordType)) {
      const counts = countsOf(loaded[i].value, rows, review, "all").all;
      const reviewer = out.get(userId) ?? { name, you, reviewed: 0, changed: 0, byType: {} };
      reviewer.reviewed += counts.reviewed;
      reviewer.changed += counts.changed;
      reviewer.byType[recordType] = counts;
      out.set(userId, reviewer);
    }
  }
  return [...out.values()];
}

/**
 * The data-check findings as the user reviews them (docs/review.md, Data-check findings): when each was first found
 * (kept per organisation: lib/review/finding-history.ts), whether that was after the user's last review, and the
 * organisation's comments on the records it names. First found is recorded from the whole study's findings of the
 * latest data, after those of the kept study snapshots since the newest data recorded; a past snapshot's page reads
 * what is kept and records nothing.
 */
import { type Finding, type FindingRecord, RULES, type RuleId } from "@/lib/clinical/checks/finding";
import { findingKeys } from "@/lib/clinical/checks/finding-key";
import { threadWords } from "@/lib/review/comments-column";
import type { ThreadSummary } from "@/lib/review/comments-store";
import { contentHash } from "@/lib/review/content";
import type { EarlierData, NewFindings } from "@/lib/review/finding-history";
import type { FirstFound } from "@/lib/review/findings-store";
import { CHANGED_RECORD_TYPES, type ChangedRecordType } from "@/lib/snapshots/changes";
import type { StudySnapshot } from "@/lib/snapshots/study-snapshots";
import type { UserStudy } from "@/lib/study/open-user-study";
import type { StudyData } from "@/lib/study/study-rows";
import { isPastSnapshotError, pastStudy } from "@/sections/frame/past-study";
import { type DataChecksView, loadDataChecks } from "./load";
import { checksHref, type DataChecksQuery, NO_CHECKS_FILTER } from "./query";

/** The section's address below the study's. */
export const DATA_CHECKS_SLUG = "data-checks";

/** The record types the checks read: their newest load is the time of the data checked. */
const CHECKED_TYPES = ["DiagnosticReport", "imaging", "AdverseEvent", "laboratory"] as const;

export type FindingStatus = "new" | "before" | "not-known" | "seen" | "changed";

export const FINDING_STATUS_WORDS: Record<FindingStatus, string> = {
  new: "New since your last review",
  before: "Found before your last review",
  "not-known": "Not known",
  seen: "Seen",
  changed: "Changed since seen",
};

/** A finding's content as a mark of it holds it: what it says, so that a mark knows when that changed. */
export const findingHash = (f: Finding) => contentHash([f.subjectId, f.date, f.found, f.expected]);

export interface FindingReview {
  /** The time of the user's latest mark in the study (ISO 8601); null: they have marked nothing. */
  lastReview: string | null;
  /** Per finding of the view, in its order. */
  findings: ReviewedFinding[];
}

export interface ReviewedFinding {
  /** Its name across data cuts (lib/clinical/checks/finding-key.ts). */
  key: string;
  status: FindingStatus;
  /** When it was first found; null: not kept (a study of too many findings, or found in the filtered study only). */
  firstFound: FirstFound | null;
  /** The organisation's threads on the records it names, in its records' order. */
  threads: { key: string; thread: ThreadSummary }[];
}

/** The data checks with the user's review of their findings (absent: a render without a study, in tests). */
export type ReviewedChecksView = DataChecksView & { review?: FindingReview };

/**
 * The data checks with the user's review of their findings. A past snapshot's are reviewed as its records are:
 * read-only, first found as kept now (a finding forgotten since is not known), new against the user's last review.
 */
export async function loadReviewedChecks(study: UserStudy, query: DataChecksQuery): Promise<ReviewedChecksView> {
  const view = await loadDataChecks(study, query);
  return { ...view, review: await reviewFindings(study, view.findings) };
}

export async function reviewFindings(study: UserStudy, findings: readonly Finding[]): Promise<FindingReview> {
  const whole = study.whole ?? study;
  const [all, at, snapshots, last, threads, seen] = await Promise.all([
    loadDataChecks(whole, NO_CHECKS_FILTER),
    newestLoad(whole),
    study.history.snapshots(),
    study.review.lastMark(CHANGED_RECORD_TYPES),
    study.review.threads(),
    study.review.seenFindings(),
  ]);
  const first = await study.review.firstFound({
    at,
    keys: findingKeys(all.findings),
    earlier: snapshots.flatMap((s) => earlierData(study, s)),
  });
  const lastReview = last?.mark.at ?? null;
  const byRecord = new Map(threads.map((t) => [threadId(t.recordType, t.key), t]));
  const keys = findingKeys(findings);
  return {
    lastReview,
    findings: findings.map((f, i) => {
      const found = first.get(keys[i]) ?? null;
      const mark = seen.get(keys[i]);
      const status = mark ? (mark.hash === findingHash(f) ? "seen" : "changed") : statusOf(found, lastReview);
      return { key: keys[i], status, firstFound: found, threads: threadsOf(f, byRecord) };
    }),
  };
}

/** Where the user has not marked it seen: whether it came after their last review. */
function statusOf(found: FirstFound | null, lastReview: string | null): FindingStatus {
  if (found === null) return "not-known";
  if (lastReview === null) return "new";
  if (found.at <= Date.parse(lastReview)) return "before";
  // Found at the first check, after the last review: it may have been in the data reviewed.
  return found.firstCheck ? "not-known" : "new";
}

async function newestLoad(study: StudyData): Promise<number> {
  const loads = await Promise.all(CHECKED_TYPES.map((t) => study.rows(t)));
  return Math.max(...loads.map((l) => l.loadedAt));
}

/** A kept study snapshot as the checks read it: the time of its data, and its findings' keys. */
function earlierData(study: UserStudy, s: StudySnapshot): EarlierData[] {
  const loads = CHECKED_TYPES.map((t) => s.inEffect.get(t));
  if (loads.some((l) => l === undefined)) return [];
  return [
    {
      at: Math.max(...loads.map((l) => l?.takenAt ?? 0)),
      keys: async () => {
        try {
          return findingKeys((await loadDataChecks(pastStudy(study, s.id), NO_CHECKS_FILTER)).findings);
        } catch (err) {
          if (isPastSnapshotError(err)) return null;
          throw err;
        }
      },
    },
  ];
}

const RECORD_TYPE_OF: Record<FindingRecord["kind"], ChangedRecordType> = {
  assessment: "DiagnosticReport",
  lesion: "imaging",
  "adverse-event": "AdverseEvent",
  laboratory: "laboratory",
};

// NUL occurs in no record type or key.
const threadId = (recordType: string, key: string) => `${recordType}\u0000${key}`;

function threadsOf(f: Finding, byRecord: ReadonlyMap<string, ThreadSummary>) {
  return f.records.flatMap((r) => {
    const thread = byRecord.get(threadId(RECORD_TYPE_OF[r.kind], r.key));
    return thread ? [{ key: r.key, thread }] : [];
  });
}

/** A finding's threads in words: "AE-0001: 2, open; AE-0002: 1, resolved". */
export const threadsWords = (f: ReviewedFinding) =>
  f.threads.length === 0 ? null : f.threads.map((t) => `${t.key}: ${threadWords(t.thread)}`).join("; ");

/** The findings new since the user's last review, per rule, for the study overview (its links below the study). */
export async function newFindings(study: UserStudy): Promise<NewFindings> {
  const { findings } = await loadDataChecks(study, NO_CHECKS_FILTER);
  const review = await reviewFindings(study, findings);
  const counts = new Map<RuleId, number>();
  findings.forEach((f, i) => {
    if (review.findings[i].status === "new") counts.set(f.rule, (counts.get(f.rule) ?? 0) + 1);
  });
  const words = FINDING_STATUS_WORDS.new;
  return {
    lastReview: review.lastReview,
    total: findings.length,
    new: [...counts.values()].reduce((a, b) => a + b, 0),
    rules: RULES.filter((r) => counts.has(r.id)).map((r) => ({
      title: r.title,
      count: counts.get(r.id) ?? 0,
      path: checksHref(DATA_CHECKS_SLUG, { rule: r.id }, words),
    })),
    path: checksHref(DATA_CHECKS_SLUG, {}, words),
    allPath: checksHref(DATA_CHECKS_SLUG, {}),
  };
}

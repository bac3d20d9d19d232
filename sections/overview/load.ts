/**
 * The study overview's one loader (docs/review.md, The study overview): what needs the user's attention. Since the
 * user's last review (their latest mark), the records added, changed and removed, by record type and subject (the
 * Changes comparison of the study snapshot they last marked in with the latest); and the user's review progress by
 * record type, subject, test and visit, and every reviewer's in the organisation.
 */
import { compareVisits } from "@/lib/clinical/common/visit-order";
import { testKeyOf } from "@/lib/clinical/laboratory/series";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import { vitalGroupKey } from "@/lib/clinical/vital-signs/groups";
import type { ThreadSummary } from "@/lib/review/comments-store";
import type { NewFindings } from "@/lib/review/finding-history";
import { addCounts, noCounts, type StatusCounts } from "@/lib/review/review-counts";
import type { RecordTypeReview } from "@/lib/review/study-review";
import type { ChangedRecordType } from "@/lib/snapshots/changes";
import { derivedOf } from "@/lib/study/derived";
import type { UserStudy } from "@/lib/study/open-user-study";
import type { SectionData } from "@/lib/study/section-data";
import { countsOf } from "./progress-counts";
import { type OverviewParts, type SinceLastReview, sinceLastReview } from "./since";

export type { ChangesSince, OverviewParts, SinceLastReview } from "./since";

/** The record types the pages review record by record, in the navigation's order. */
export const REVIEWED_TYPES = [
  "AdverseEvent",
  "laboratory",
  "vital-signs",
  "MedicationStatement",
  "DiagnosticReport",
] as const satisfies readonly ChangedRecordType[];

export type ReviewedType = (typeof REVIEWED_TYPES)[number];

export interface TypeProgress {
  recordType: ReviewedType;
  counts: StatusCounts;
  /** Records that cannot be marked (no key of their own, or a shared one). */
  unmarkable: number;
}

export interface SubjectProgress {
  subjectId: string;
  counts: StatusCounts;
}

/** A laboratory test or a vital-sign group: its listing is where its records are reviewed. */
export interface TestProgress {
  recordType: "laboratory" | "vital-signs";
  /** The laboratory test's key (code:… or name:…), or the vital sign's name. */
  test: string;
  /** A vital sign's unit (null: no unit) and kind; absent for a laboratory test. */
  unit?: string | null;
  kind?: "number" | "text";
  label: string;
  counts: StatusCounts;
}

/** The laboratory results or vital signs at one visit: where they are listed across tests, they are reviewed. */
export interface VisitProgress {
  recordType: "laboratory" | "vital-signs";
  /** The visit's label as sent; null: the records without a visit. */
  visit: string | null;
  counts: StatusCounts;
}

export interface ReviewerProgress {
  name: string;
  /** The user reading the page. */
  you: boolean;
  /** Records reviewed (and unchanged since) and changed since reviewed, all record types together. */
  reviewed: number;
  changed: number;
  byType: Partial<Record<ReviewedType, StatusCounts>>;
}

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
}

export async function loadOverview(study: UserStudy, parts: OverviewParts): Promise<OverviewView> {
  const loaded = await Promise.all(REVIEWED_TYPES.map((t) => study.rows(t)));
  const types: TypeProgress[] = [];
  const subjects = new Map<string, StatusCounts>();
  const tests: TestProgress[] = [];
  const visits: VisitProgress[] = [];
  for (const [i, recordType] of REVIEWED_TYPES.entries()) {
    const rows = loaded[i].value.rows as readonly object[] as readonly Record<string, unknown>[];
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
    since: study.past === undefined ? await sinceLastReview(study, parts, REVIEWED_TYPES) : { kind: "never" },
    comments,
    types,
    subjects: [...subjects]
      .map(([subjectId, counts]) => ({ subjectId, counts }))
      .sort((a, b) => a.subjectId.localeCompare(b.subjectId, "en")),
    tests,
    visits,
    reviewers: await reviewerProgress(study, loaded),
    findings: await parts.findings(study),
  };
}

const subjectOf = (row: Record<string, unknown>) => (typeof row.subjectId === "string" ? row.subjectId : null);

function put<K>(map: Map<K, StatusCounts>, key: K): StatusCounts {
  const counts = noCounts();
  map.set(key, counts);
  return counts;
}

// NUL cannot occur in a test's name: it joins a vital sign's group key.
const SEP = "\u0000";

const testGroupOf = (recordType: "laboratory" | "vital-signs") =>
  recordType === "laboratory"
    ? (r: Record<string, unknown>) => testKeyOf(r as unknown as MeasurementRow)
    : (r: Record<string, unknown>) => {
        const g = vitalGroupKey(r as unknown as MeasurementRow);
        return [g.test, g.unit ?? "", g.kind].join(SEP);
      };

/** Each test's (or vital sign group's) name, by its group key, in the rows' order. */
function testLabels(rows: readonly Record<string, unknown>[], groupOf: (r: Record<string, unknown>) => string) {
  const labels = new Map<string, string>();
  for (const r of rows) {
    const key = groupOf(r);
    if (!labels.has(key)) labels.set(key, String(r.test ?? ""));
  }
  return labels;
}

function testProgress(
  recordType: "laboratory" | "vital-signs",
  review: RecordTypeReview,
  cached: object,
  rows: readonly Record<string, unknown>[],
): TestProgress[] {
  const groupOf = testGroupOf(recordType);
  const labels = derivedOf("review-test-labels", recordType, [cached], () => testLabels(rows, groupOf));
  const { groups } = countsOf(cached, rows, review, "test", groupOf);
  return [...groups].map(([key, counts]) => {
    if (recordType === "laboratory") return { recordType, test: key, label: labels.get(key) ?? key, counts };
    const [test, unit, kind] = key.split(SEP);
    const label = unit ? `${test} (${unit})` : test;
    return {
      recordType,
      test,
      unit: kind === "text" ? null : unit || null,
      kind: kind as "number" | "text",
      label,
      counts,
    };
  });
}

// NUL never occurs in a visit's label: it stands for the records without one.
const NO_VISIT = SEP;
const visitOf = (r: Record<string, unknown>) => (typeof r.visit === "string" ? r.visit : NO_VISIT);

function visitProgress(
  recordType: "laboratory" | "vital-signs",
  review: RecordTypeReview,
  cached: object,
  rows: readonly Record<string, unknown>[],
): VisitProgress[] {
  const { groups } = countsOf(cached, rows, review, "visit", visitOf);
  const rank = (visit: string | null) => (visit === null ? 1 : 0);
  return [...groups]
    .map(([key, counts]) => ({ recordType, visit: key === NO_VISIT ? null : key, counts }))
    .sort((a, b) => rank(a.visit) - rank(b.visit) || compareVisits(a.visit ?? "", b.visit ?? ""));
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

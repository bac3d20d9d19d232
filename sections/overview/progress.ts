/**
 * The study overview's review progress (docs/review.md, The study overview): the record types reviewed record by
 * record, and one user's counts of them by record type, subject, laboratory test (or vital sign) and visit.
 */
import { compareVisits } from "@/lib/clinical/common/visit-order";
import { testKeyOf } from "@/lib/clinical/laboratory/series";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import { vitalGroupKey } from "@/lib/clinical/vital-signs/groups";
import type { RecordTypeReview } from "@/lib/review/record-type-review";
import type { StatusCounts } from "@/lib/review/review-counts";
import type { ChangedRecordType } from "@/lib/snapshots/changes";
import { derivedOf } from "@/lib/study/derived";
import { countsOf, type Grouping } from "./progress-counts";

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

/** A row's subject: the group of the counts by subject. */
export const subjectOf = (row: Record<string, unknown>) => (typeof row.subjectId === "string" ? row.subjectId : null);

// NUL cannot occur in a test's name: it joins a vital sign's group key.
const SEP = "\u0000";

const testGroupOf = (recordType: "laboratory" | "vital-signs") =>
  recordType === "laboratory"
    ? (r: Record<string, unknown>) => testKeyOf(r as unknown as MeasurementRow)
    : (r: Record<string, unknown>) => {
        const g = vitalGroupKey(r as unknown as MeasurementRow);
        return [g.test, g.unit ?? "", g.kind].join(SEP);
      };

// NUL never occurs in a visit's label: it stands for the records without one.
const NO_VISIT = SEP;
const visitOf = (r: Record<string, unknown>) => (typeof r.visit === "string" ? r.visit : NO_VISIT);

/** The groupings the overview counts a record type's records by (countsOf's `by`), for firstCountsReady(). */
export function overviewGroupings(recordType: ReviewedType): Grouping[] {
  const groupings: Grouping[] = [{ by: "subject", groupOf: subjectOf }, { by: "all" }];
  if (recordType === "laboratory" || recordType === "vital-signs")
    groupings.push({ by: "test", groupOf: testGroupOf(recordType) }, { by: "visit", groupOf: visitOf });
  return groupings;
}

/** Each test's (or vital sign group's) name, by its group key, in the rows' order. */
function testLabels(rows: readonly Record<string, unknown>[], groupOf: (r: Record<string, unknown>) => string) {
  const labels = new Map<string, string>();
  for (const r of rows) {
    const key = groupOf(r);
    if (!labels.has(key)) labels.set(key, String(r.test ?? ""));
  }
  return labels;
}

/** The review progress of each laboratory test (or vital-sign group), in the rows' order of first appearance. */
export function testProgress(
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

/** The review progress of laboratory results (or vital signs) by visit in schedule order, those of none last. */
export function visitProgress(
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

/**
 * The reviewer's queue across record types (docs/review.md, Your queue): the places where the study's records are
 * reviewed, in the navigation's order (the adverse events' listing, each laboratory test's, each vital sign's, the
 * medications', each subject's response assessments), each with the user's records there not reviewed and changed
 * since reviewed. The next place is the first after the one the reviewer is at that has any such record; the place
 * they are at comes last, so that records passed over come back once every other place is done.
 */
import type { StatusCounts } from "@/lib/review/review-counts";
import type { ReviewStatus } from "@/lib/review/study-review";
import type { UserStudy } from "@/lib/study/open-user-study";
import { RESPONSE_ASSESSMENTS, responseSubjectHref } from "@/sections/frame/addresses";
import { recordTypeLabel } from "@/sections/frame/record-type-labels";
import { REVIEWED_TYPES, type ReviewedType, subjectOf, type TestProgress, testProgress } from "./progress";
import { countsOf } from "./progress-counts";
import { statusFilter, testHref, typeHref } from "./progress-hrefs";

/** A place of the queue: a record type's listing, or one group's (a test, a vital sign, a subject). */
export interface PlaceId {
  recordType: ReviewedType;
  /** The test's key, the vital sign's group (placeGroup), the subject's ID; "" for the record type's own listing. */
  group: string;
}

export interface QueuePlace extends PlaceId {
  /** "Adverse events", "Laboratory results: ALT", "Response assessments of subject 101-001". */
  label: string;
  counts: StatusCounts;
  /** Where its records are listed (before a status is chosen: see placeHref). */
  test?: TestProgress;
}

const openCount = (c: StatusCounts) => c["not-reviewed"] + c.changed;

/** A vital sign's group as a place names it: name, unit (null: none) and kind, as its listing's address has them. */
const vitalGroup = (test: string, unit: string | null, kind: "number" | "text") => JSON.stringify([test, unit, kind]);

/** Every place of the user's queue, in order, with their counts (those of the overview, shared with it). */
export async function queuePlaces(study: UserStudy): Promise<QueuePlace[]> {
  const places: QueuePlace[] = [];
  for (const recordType of REVIEWED_TYPES) {
    const cached = (await study.rows(recordType)).value;
    const rows = cached.rows as readonly object[] as readonly Record<string, unknown>[];
    const review = await study.review.of(recordType);
    const label = recordTypeLabel(recordType);
    if (recordType === "laboratory" || recordType === "vital-signs") {
      for (const test of testProgress(recordType, review, cached, rows))
        places.push({
          recordType,
          group: testGroup(test),
          label: `${label}: ${test.label}`,
          counts: test.counts,
          test,
        });
    } else if (recordType === "DiagnosticReport") {
      const bySubject = countsOf(cached, rows, review, "subject", subjectOf).groups;
      for (const [subjectId, counts] of bySubject)
        places.push({ recordType, group: subjectId, label: `${label} of subject ${subjectId}`, counts });
    } else {
      places.push({ recordType, group: "", label, counts: countsOf(cached, rows, review, "subject", subjectOf).all });
    }
  }
  return places;
}

const testGroup = (t: TestProgress) =>
  t.recordType === "laboratory" ? t.test : vitalGroup(t.test, t.unit ?? null, t.kind ?? "number");

/**
 * The place a table of records is: its record type, and its group from the page's address (a test's `test=`, a
 * vital sign's `item=`, the subject of a response page); group null where the address names none (the section's
 * first test, a visit's listing). Null: a table of no reviewed type of the queue (the subject list, Changes).
 */
export function placeAt(
  recordType: string,
  query: URLSearchParams,
  subject: string | undefined,
): (Omit<PlaceId, "group"> & { group: string | null }) | null {
  switch (recordType) {
    case "AdverseEvent":
    case "MedicationStatement":
      return { recordType, group: "" };
    case "laboratory":
      return { recordType, group: query.get("test") };
    case "vital-signs": {
      const item = query.get("item");
      if (item === null) return { recordType, group: null };
      const text = query.get("text") === "1";
      return { recordType, group: vitalGroup(item, text ? null : query.get("unit") || null, text ? "text" : "number") };
    }
    case "DiagnosticReport":
      return { recordType, group: subject ?? null };
    default:
      return null;
  }
}

/**
 * The first place after `at` with records not reviewed or changed since reviewed, `at` itself last; where `at`
 * names no place of the queue, from its record type's first place (from the queue's start where it names none).
 * Null: the queue is empty.
 */
export function nextPlace(places: readonly QueuePlace[], at: ReturnType<typeof placeAt>): QueuePlace | null {
  let index = at === null ? -1 : places.findIndex((p) => p.recordType === at.recordType && p.group === at.group);
  if (index < 0 && at !== null) index = places.findIndex((p) => p.recordType === at.recordType) - 1;
  const order = [...places.slice(index + 1), ...places.slice(0, index + 1)];
  return order.find((p) => openCount(p.counts) > 0) ?? null;
}

/** The status a place opens at: its records not reviewed, else those changed since reviewed. */
export const placeStatus = (p: QueuePlace): ReviewStatus => (p.counts["not-reviewed"] > 0 ? "not-reviewed" : "changed");

/** Where a place's records of its status are listed, filtered to that status. */
export function placeHref(studyHref: string, p: QueuePlace): string {
  const status = placeStatus(p);
  if (p.test) return testHref(studyHref, p.test, status);
  if (p.recordType === "DiagnosticReport") {
    const filter = new URLSearchParams(statusFilter(RESPONSE_ASSESSMENTS.prefix, status));
    return `${responseSubjectHref(studyHref, p.group)}?${filter}#${RESPONSE_ASSESSMENTS.anchor}`;
  }
  return typeHref(studyHref, p.recordType, status);
}

/** "Medications: 120 not reviewed and 3 changed since reviewed". */
export function placeWords(p: QueuePlace): string {
  const parts = [];
  if (p.counts["not-reviewed"] > 0) parts.push(`${p.counts["not-reviewed"].toLocaleString("en")} not reviewed`);
  if (p.counts.changed > 0) parts.push(`${p.counts.changed.toLocaleString("en")} changed since reviewed`);
  return `${p.label}: ${parts.join(" and ")}`;
}

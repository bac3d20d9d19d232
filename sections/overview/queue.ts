/**
 * The reviewer's queue across record types (docs/review.md, Your queue): the places where the study's records are
 * reviewed, in the navigation's order (the adverse events' listing, each laboratory test's, each vital sign's, the
 * medications', each subject's response assessments), each with the user's records there not reviewed and changed
 * since reviewed. Each place is visited twice in turn: its records not reviewed, then those changed since reviewed
 * (a step each). The next step is the first after the one the reviewer is at that has any record; the step they
 * are at comes last, so that records passed over come back once every other step is done.
 */

import { STATUS_WORDS } from "@/lib/review/record-type-review";
import { isReviewFilterParam } from "@/lib/review/review-argument";
import type { StatusCounts } from "@/lib/review/review-counts";
import type { UserStudy } from "@/lib/study/open-user-study";
import { exactFilter } from "@/lib/tables/filters";
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

/** A vital sign's group as a place names it: name, unit (null: none) and kind, as its listing's address has them. */
export const vitalGroup = (test: string, unit: string | null, kind: "number" | "text") =>
  JSON.stringify([test, unit, kind]);

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

/** The statuses a place opens, in the order the queue visits them. */
export const STEP_STATUSES = ["not-reviewed", "changed"] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

/** Where the reviewer is: a place, and the status its listing is filtered to. */
export type QueueAt = (Omit<PlaceId, "group"> & { group: string | null; status: StepStatus }) | null;

/** A step of the queue: a place's records of one status. */
export interface QueueStep {
  place: QueuePlace;
  status: StepStatus;
}

/**
 * Where a table of records is: its record type, its group from the page's address (a test's `test=`, a vital
 * sign's `item=`, the subject of a response page; null where the address names none: a visit's listing, the
 * vital signs' first group), and the status its review column is filtered to ("changed since reviewed", else
 * "not reviewed"). Null: a table of no reviewed type of the queue (the subject list, Changes).
 */
export function placeAt(recordType: string, query: URLSearchParams, subject: string | undefined): QueueAt {
  const status = filteredToChanged(query) ? "changed" : "not-reviewed";
  switch (recordType) {
    case "AdverseEvent":
    case "MedicationStatement":
      return { recordType, group: "", status };
    case "laboratory":
      return { recordType, group: query.get("test"), status };
    case "vital-signs": {
      const item = query.get("item");
      if (item === null) return { recordType, group: null, status };
      const text = query.get("text") === "1";
      const group = vitalGroup(item, text ? null : query.get("unit") || null, text ? "text" : "number");
      return { recordType, group, status };
    }
    case "DiagnosticReport":
      return { recordType, group: subject ?? null, status };
    default:
      return null;
  }
}

/** Whether a page's review column (any listing's: `<prefix>f_review`) is filtered to "changed since reviewed". */
const filteredToChanged = (query: URLSearchParams) =>
  [...query].some(([k, v]) => isReviewFilterParam(k) && v === exactFilter(STATUS_WORDS.changed));

/**
 * The first step after `at` with records, `at` itself last; where `at` names no place of the queue, from before
 * its record type's first place (in REVIEWED_TYPES order, where the type has none); from the queue's start where
 * it names no record type of the queue. Null: the queue is empty.
 */
export function nextPlace(places: readonly QueuePlace[], at: QueueAt): QueueStep | null {
  const here = ordinalOf(places, at);
  const steps = places.flatMap((place, i) =>
    STEP_STATUSES.filter((status) => place.counts[status] > 0).map((status) => ({
      step: { place, status },
      ordinal: i * STEP_STATUSES.length + STEP_STATUSES.indexOf(status),
    })),
  );
  return (steps.find((s) => s.ordinal > here) ?? steps[0])?.step ?? null;
}

/** The position of `at` among the steps (place by place, status by status); -1 before the first. */
function ordinalOf(places: readonly QueuePlace[], at: QueueAt): number {
  if (at === null) return -1;
  const index = places.findIndex((p) => p.recordType === at.recordType && p.group === at.group);
  if (index >= 0) return index * STEP_STATUSES.length + STEP_STATUSES.indexOf(at.status);
  const rank = REVIEWED_TYPES.indexOf(at.recordType);
  const first = places.findIndex((p) => REVIEWED_TYPES.indexOf(p.recordType) >= rank);
  return (first < 0 ? places.length : first) * STEP_STATUSES.length - 1;
}

/** Where a step's records are listed: its place's listing, filtered to its status. */
export function placeHref(studyHref: string, { place: p, status }: QueueStep): string {
  if (p.test) return testHref(studyHref, p.test, status);
  if (p.recordType === "DiagnosticReport") {
    const filter = new URLSearchParams(statusFilter(RESPONSE_ASSESSMENTS.prefix, status));
    return `${responseSubjectHref(studyHref, p.group)}?${filter}#${RESPONSE_ASSESSMENTS.anchor}`;
  }
  return typeHref(studyHref, p.recordType, status);
}

/** "Medications: 120 not reviewed": the step's place and the records it opens. */
export function placeWords({ place: p, status }: QueueStep): string {
  return `${p.label}: ${p.counts[status].toLocaleString("en")} ${STATUS_WORDS[status].toLowerCase()}`;
}

/**
 * Where the overview's counts of one status lead (docs/review.md, The study overview): a record type's listing, a
 * laboratory test's or a vital sign's, filtered to that status; for a type listed by test or subject, the overview's
 * table that leads on.
 */

import { type ReviewStatus, STATUS_WORDS } from "@/lib/review/record-type-review";
import { reviewFilterParam } from "@/lib/review/review-argument";
import { exactFilter } from "@/lib/tables/filters";
import {
  AE_LISTING,
  LAB_RESULTS_ANCHOR,
  MEDICATION_LISTING,
  sectionHref,
  VITAL_LISTING,
  vitalGroupParams,
} from "@/sections/frame/addresses";
import { RESULTS_PREFIX } from "@/sections/frame/measurement-columns";
import type { ReviewedType, TestProgress } from "./progress";

/** The overview's tables a count leads on to, by anchor. */
export const LEADS_ON = { tests: "review-tests", subjects: "review-subjects" } as const;

/** The review column's filter chosen in a listing's URL state: the records of one status. */
export const statusFilter = (prefix: string, status: ReviewStatus) => ({
  [reviewFilterParam(prefix)]: exactFilter(STATUS_WORDS[status]),
});

const withParams = (href: string, params: Record<string, string>) => {
  const [path, hash] = href.split("#");
  const joined = `${path}${path.includes("?") ? "&" : "?"}${new URLSearchParams(params)}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
};

/** Where a record type's records of one status are listed. */
export function typeHref(studyHref: string, recordType: ReviewedType, status: ReviewStatus): string {
  switch (recordType) {
    case "AdverseEvent":
      return withParams(
        `${sectionHref(studyHref, "adverse-events")}#${AE_LISTING.anchor}`,
        statusFilter(AE_LISTING.prefix, status),
      );
    case "MedicationStatement":
      return withParams(
        `${sectionHref(studyHref, "medications")}#${MEDICATION_LISTING.anchor}`,
        statusFilter(MEDICATION_LISTING.prefix, status),
      );
    case "laboratory":
    case "vital-signs":
      return `#${LEADS_ON.tests}`;
    case "DiagnosticReport":
      return `#${LEADS_ON.subjects}`;
  }
}

/** Where a laboratory test's (a vital sign's) records of one status are listed. */
export function testHref(studyHref: string, t: TestProgress, status: ReviewStatus): string {
  if (t.recordType === "laboratory") {
    // Every result of the test: its listing shows the abnormal ones unless told otherwise.
    const params = { test: t.test, show: "all", ...statusFilter(RESULTS_PREFIX, status) };
    return `${sectionHref(studyHref, "laboratory")}?${new URLSearchParams(params)}#${LAB_RESULTS_ANCHOR}`;
  }
  const params = vitalGroupParams({ test: t.test, unit: t.unit ?? null, kind: t.kind ?? "number" });
  for (const [k, v] of Object.entries(statusFilter(VITAL_LISTING.prefix, status))) params.set(k, v);
  return `${sectionHref(studyHref, "vital-signs")}?${params}#${VITAL_LISTING.anchor}`;
}

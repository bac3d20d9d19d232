/**
 * The addresses of the data-checks section and of the records its findings name: an assessment or a lesion opens
 * the subject's response page, its assessments filtered to exactly that assessment (reported beside recomputed, the
 * lesions below; lesions have no listing of their own),
 * an adverse event the study's AE listing filtered to exactly its identifier, a laboratory result the listing of the
 * results without a unit filtered to exactly its subject, test and collection time.
 */

import type { FindingRecord } from "@/lib/clinical/checks/finding";
import { exactFilter } from "@/lib/tables/filters";
import type { DataChecksQuery } from "@/sections/data-checks/load";
import {
  AE_LISTING,
  LAB_ISSUES_ANCHOR,
  RESPONSE_ASSESSMENTS,
  responseAssessmentHref,
  responseSubjectHref,
  sectionHref,
} from "@/sections/frame/addresses";
import { RESULTS_PREFIX } from "@/sections/frame/measurement-columns";

/** Where the findings table is on the section's page. */
export const FINDINGS_ANCHOR = "findings";

const withQuery = (path: string, query: URLSearchParams, hash: string) => {
  const q = query.toString();
  return `${path}${q ? `?${q}` : ""}${hash}`;
};

/** The section with these filters (none: every finding), at its findings table. */
export function checksHref(base: string, filter: Partial<DataChecksQuery>): string {
  const query = new URLSearchParams();
  if (filter.rule) query.set("rule", filter.rule);
  if (filter.subject) query.set("subject", filter.subject);
  return withQuery(base, query, `#${FINDINGS_ANCHOR}`);
}

/** The subject's response page at its assessments, filtered to one assessment when `key` is given. */
export function assessmentsHref(studyHref: string, subjectId: string, key?: string): string {
  if (key !== undefined) return responseAssessmentHref(studyHref, subjectId, key);
  return `${responseSubjectHref(studyHref, subjectId)}#${RESPONSE_ASSESSMENTS.anchor}`;
}

/** Where a finding's record is listed; null when it cannot be placed (a record naming no subject). */
export function recordHref(studyHref: string, subjectId: string | null, record: FindingRecord): string | null {
  switch (record.kind) {
    case "assessment":
      return subjectId === null ? null : assessmentsHref(studyHref, subjectId, record.key);
    case "lesion":
      return subjectId === null ? null : assessmentsHref(studyHref, subjectId, record.assessmentKey);
    case "adverse-event": {
      const query = new URLSearchParams({ [`${AE_LISTING.prefix}f_key`]: exactFilter(record.key) });
      return withQuery(sectionHref(studyHref, "adverse-events"), query, `#${AE_LISTING.anchor}`);
    }
    case "laboratory": {
      const query = new URLSearchParams({ issue: "no-unit" });
      if (subjectId !== null) query.set(`${RESULTS_PREFIX}f_subject`, exactFilter(subjectId));
      query.set(`${RESULTS_PREFIX}f_test`, exactFilter(record.test));
      if (record.collectedAt !== null) query.set(`${RESULTS_PREFIX}f_collected`, exactFilter(record.collectedAt));
      return withQuery(sectionHref(studyHref, "laboratory"), query, `#${LAB_ISSUES_ANCHOR}`);
    }
  }
}

/**
 * The data-checks section's URL contract: its query (one rule, one subject), the URL prefix of its findings
 * table's state, and the addresses of the section and of the records its findings name, each at its row, scrolled
 * to and marked (the rows' element IDs: sections/frame/addresses.ts): an assessment or a lesion opens the subject's
 * response page, its assessments filtered to exactly that assessment (reported beside recomputed, the lesions below;
 * lesions have no listing of their own), an adverse event the study's AE listing filtered to exactly its identifier,
 * a laboratory result the listing of the results without a unit filtered to exactly its subject, test and
 * collection time.
 *
 *   rule=<rule id>   subject=<subject ID>   (each ignored when it names nothing the study's findings have)
 *   findings table   fd_sort, fd_f_<column>, fd_q, fd_page, fd_size (lib/tables/url-state.ts)
 */

import { type FindingRecord, RULE_IDS, type RuleId } from "@/lib/clinical/checks/finding";
import { displayDateTime } from "@/lib/clinical/common/date-time";
import { exactFilter } from "@/lib/tables/filters";
import type { ParamSource } from "@/lib/tables/url-state";
import {
  AE_LISTING,
  aeRowId,
  CHECK_FINDINGS_ANCHOR,
  RESPONSE_ASSESSMENTS,
  responseAssessmentHref,
  responseSubjectHref,
  resultRowId,
  rowHash,
  sectionHref,
} from "@/sections/frame/addresses";
import { RESULTS_PREFIX } from "@/sections/frame/measurement-columns";

export interface DataChecksQuery {
  rule: RuleId | null;
  subject: string | null;
}

export const NO_CHECKS_FILTER: DataChecksQuery = { rule: null, subject: null };

const MAX_PARAM = 200;

export function parseDataChecksQuery(searchParams: ParamSource): DataChecksQuery {
  const rule = searchParams.get("rule");
  const subject = searchParams.get("subject");
  return {
    rule: RULE_IDS.find((id) => id === rule) ?? null,
    subject: subject !== null && subject !== "" && subject.length <= MAX_PARAM ? subject : null,
  };
}

/** Where the findings table is on the section's page. */
export const FINDINGS_ANCHOR = CHECK_FINDINGS_ANCHOR;
/** The URL prefix of the findings table's state, apart from the section's own `rule` and `subject`. */
export const FINDINGS_PREFIX = "fd_";

const withSearch = (path: string, searchParams: URLSearchParams, hash: string) => {
  const search = searchParams.toString();
  return `${path}${search ? `?${search}` : ""}${hash}`;
};

/**
 * The section with these filters (none: every finding), at its findings table; `status`: its table filtered to
 * exactly that review status's words (./finding-review.ts).
 */
export function checksHref(base: string, filter: Partial<DataChecksQuery>, status?: string): string {
  const searchParams = new URLSearchParams();
  if (filter.rule) searchParams.set("rule", filter.rule);
  if (filter.subject) searchParams.set("subject", filter.subject);
  if (status) searchParams.set(`${FINDINGS_PREFIX}f_status`, exactFilter(status));
  return withSearch(base, searchParams, `#${FINDINGS_ANCHOR}`);
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
      const searchParams = new URLSearchParams({ [`${AE_LISTING.prefix}f_key`]: exactFilter(record.key) });
      return withSearch(sectionHref(studyHref, "adverse-events"), searchParams, rowHash(aeRowId(record.key)));
    }
    case "laboratory": {
      const searchParams = new URLSearchParams({ issue: "no-unit" });
      if (subjectId !== null) searchParams.set(`${RESULTS_PREFIX}f_subject`, exactFilter(subjectId));
      searchParams.set(`${RESULTS_PREFIX}f_test`, exactFilter(record.test));
      if (record.collectedAt !== null)
        // The listing's Collected column shows the time as displayed (sections/frame/measurement-columns.ts).
        searchParams.set(`${RESULTS_PREFIX}f_collected`, exactFilter(displayDateTime(record.collectedAt)));
      return withSearch(sectionHref(studyHref, "laboratory"), searchParams, rowHash(resultRowId(record.key)));
    }
  }
}

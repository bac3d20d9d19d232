/** The columns of the adverse-event listing (a server table: a study may hold tens of thousands of events). */
import { subjectHref } from "@/components/study/sections";
import type { AeListingRow } from "@/lib/clinical/ae-listing";
import { LISTING_PREFIX } from "@/lib/study-views/adverse-events-query";
import type { TableColumn } from "@/lib/tables/server-table";
import { DEFAULT_PAGE_SIZES, type UrlStateOptions } from "@/lib/tables/url-state";

const yesNo = (b: boolean | null) => (b === null ? null : b ? "Yes" : "No");

export function listingColumns(studyHref: string): TableColumn<AeListingRow>[] {
  return [
    {
      id: "subjectId",
      header: "Subject",
      value: (r) => r.subjectId,
      link: (r) => (r.subjectId === null ? null : subjectHref(studyHref, r.subjectId)),
    },
    { id: "term", header: "Term", value: (r) => r.term },
    { id: "grade", header: "Grade", type: "number", value: (r) => r.grade },
    { id: "ctcaeVersion", header: "CTCAE version", value: (r) => r.ctcaeVersion },
    { id: "start", header: "Start", value: (r) => r.start },
    { id: "end", header: "End", value: (r) => r.end },
    { id: "durationDays", header: "Duration (days)", type: "number", value: (r) => r.durationDays },
    { id: "ongoing", header: "Ongoing", value: (r) => yesNo(r.ongoing) },
    { id: "outcome", header: "Outcome", value: (r) => r.outcome },
    { id: "causality", header: "Causality", value: (r) => r.causality },
    { id: "related", header: "Related", value: (r) => yesNo(r.related) },
    { id: "suspectProduct", header: "Suspect product", value: (r) => r.suspectProduct },
    { id: "verified", header: "Verified", value: (r) => yesNo(r.verified) },
    { id: "flags", header: "Flags", value: (r) => (r.flags.length ? r.flags.join("; ") : null) },
    { id: "key", header: "Record", value: (r) => r.key },
  ];
}

/** The listing table's URL state: its columns, page sizes and parameter prefix. */
export const LISTING_STATE: UrlStateOptions = {
  columns: listingColumns("").map((c) => c.id),
  pageSizes: [...DEFAULT_PAGE_SIZES],
  prefix: LISTING_PREFIX,
};

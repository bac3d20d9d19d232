/** The columns of the adverse-event listing (a server table: a study may hold tens of thousands of events). */

import type { AeListingRow } from "@/lib/clinical/adverse-events/listing";
import type { TableColumn } from "@/lib/tables/server-table";
import type { TableDef } from "@/lib/tables/table-def";
import { DEFAULT_PAGE_SIZES, type UrlStateOptions } from "@/lib/tables/url-state";
import type { AdverseEventsView } from "@/sections/adverse-events/load";
import { LISTING_PREFIX } from "@/sections/adverse-events/query";
import { subjectHref } from "@/sections/frame/addresses";

const yesNo = (b: boolean | null) => (b === null ? null : b ? "Yes" : "No");

export function listingColumns(studyHref: string): TableColumn<AeListingRow>[] {
  return [
    {
      id: "subjectId",
      header: "Subject",
      variable: "SUBJID",
      value: (r) => r.subjectId,
      link: (r) => (r.subjectId === null ? null : subjectHref(studyHref, r.subjectId)),
    },
    { id: "term", header: "Term", variable: "AETERM", value: (r) => r.term },
    { id: "grade", header: "Grade", variable: "AETOXGR", type: "number", value: (r) => r.grade },
    { id: "ctcaeVersion", header: "CTCAE version", value: (r) => r.ctcaeVersion },
    { id: "start", header: "Start", variable: "AESTDTC", value: (r) => r.start },
    { id: "end", header: "End", variable: "AEENDTC", value: (r) => r.end },
    { id: "durationDays", header: "Duration (days)", type: "number", value: (r) => r.durationDays },
    { id: "ongoing", header: "Ongoing", value: (r) => yesNo(r.ongoing) },
    { id: "outcome", header: "Outcome", variable: "AEOUT", value: (r) => r.outcome },
    { id: "causality", header: "Causality", variable: "AEREL", value: (r) => r.causality },
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

/** The listing as its page shows it and its export writes it. */
export const listingDef = (view: AdverseEventsView, studyHref: string): TableDef<AeListingRow> => ({
  columns: listingColumns(studyHref),
  rows: view.listing,
  state: LISTING_STATE,
});

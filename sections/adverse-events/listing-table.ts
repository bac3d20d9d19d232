/**
 * The adverse-event listing as its page shows it (./ui/AeListing.tsx: a server table, for a study may hold tens of
 * thousands of events) and its export writes it, and its filters in words, which the page's list and the export's
 * About sheet share (docs/clinical-rules.md, The listing and its filters).
 */
import type { AeListingRow } from "@/lib/clinical/adverse-events/listing";
import { type AeListingFilter, FLAG_FILTERS, NO_CTCAE_VERSION } from "@/lib/clinical/adverse-events/listing-filter";
import type { Relatedness } from "@/lib/clinical/adverse-events/rows";
import { SUBGROUP_TITLE, type SubgroupKind } from "@/lib/clinical/adverse-events/study";
import { TEAE_WORDS } from "@/lib/clinical/adverse-events/teae";
import { REVIEW_COLUMN } from "@/lib/review/review-argument";
import type { TableColumn } from "@/lib/tables/server-table";
import type { TableDef } from "@/lib/tables/table-def";
import { DEFAULT_PAGE_SIZES, type UrlStateOptions } from "@/lib/tables/url-state";
import { aeRowId, subjectHref } from "@/sections/frame/addresses";
import type { AdverseEventsView } from "./load";
import { LISTING_PREFIX } from "./query";

const yesNo = (b: boolean | null) => (b === null ? null : b ? "Yes" : "No");

/** An end sent as no readable date is shown as sent, marked: it is an unknown end, not an open one. */
const endOf = (r: AeListingRow) => r.end ?? (r.unreadableEnd === undefined ? null : `${r.unreadableEnd} (unreadable)`);

/** The listing's columns; "Related" as the page's reading of causality says. */
export function listingColumns(studyHref: string, relatedness: Relatedness = "assessed"): TableColumn<AeListingRow>[] {
  const related = (r: AeListingRow) => (relatedness === "conservative" ? r.relatedConservative : r.related);
  return [
    {
      id: "subjectId",
      header: "Subject",
      variable: "SUBJID",
      value: (r) => r.subjectId,
      link: (r) => (r.subjectId === null ? null : subjectHref(studyHref, r.subjectId)),
      priority: "key",
      nowrap: true,
    },
    { id: "term", header: "Term", variable: "AETERM", value: (r) => r.term, priority: "key" },
    { id: "grade", header: "Grade", variable: "AETOXGR", type: "number", value: (r) => r.grade, priority: "key" },
    {
      id: "soc",
      header: "System organ class",
      variable: "AEBODSYS",
      value: (r) => r.soc,
      priority: "hidden-by-default",
    },
    { id: "ctcaeVersion", header: "CTCAE version", value: (r) => r.ctcaeVersion, priority: "hidden-by-default" },
    { id: "start", header: "Start", variable: "AESTDTC", value: (r) => r.start, priority: "key" },
    { id: "studyDay", header: "Study day of start", variable: "AESTDY", type: "number", value: (r) => r.studyDay },
    { id: "end", header: "End", variable: "AEENDTC", value: endOf },
    {
      id: "durationDays",
      header: "Duration (days)",
      type: "number",
      value: (r) => r.durationDays,
      priority: "hidden-by-default",
    },
    { id: "teae", header: "Treatment-emergent", value: (r) => TEAE_WORDS[r.teae], priority: "hidden-by-default" },
    // Hidden until shown, so that the key columns fit beside the Review column at 1440 px: the Ongoing quick
    // filter lists the ongoing events.
    { id: "ongoing", header: "Ongoing", value: (r) => yesNo(r.ongoing), priority: "hidden-by-default" },
    { id: "outcome", header: "Outcome", variable: "AEOUT", value: (r) => r.outcome },
    {
      id: "causality",
      header: "Causality",
      variable: "AEREL",
      value: (r) => r.causality,
      priority: "hidden-by-default",
    },
    { id: "related", header: "Related", value: (r) => yesNo(related(r)), priority: "key" },
    { id: "suspectProduct", header: "Suspect product", value: (r) => r.suspectProduct, priority: "hidden-by-default" },
    { id: "verified", header: "Verified", value: (r) => yesNo(r.verified), priority: "hidden-by-default" },
    { id: "flags", header: "Flags", value: (r) => (r.flags.length ? r.flags.join("; ") : null), priority: "key" },
    { id: "key", header: "Record", value: (r) => r.key, priority: "key", nowrap: true },
  ];
}

/** The listing table's URL state: its columns, page sizes and parameter prefix. */
export const LISTING_STATE: UrlStateOptions = {
  // The review column comes first on the page (sections/frame/reviewed-table.ts): the page's links keep its filter.
  columns: [REVIEW_COLUMN, ...listingColumns("").map((c) => c.id)],
  pageSizes: [...DEFAULT_PAGE_SIZES],
  prefix: LISTING_PREFIX,
};

/** The listing as its page shows it and its export writes it; each event's row a link may open (aeRowId). */
export const listingDef = (view: AdverseEventsView, studyHref: string): TableDef<AeListingRow> => ({
  columns: listingColumns(studyHref, view.query.filter.relatedness),
  rows: view.listing,
  state: LISTING_STATE,
  rowId: (r) => aeRowId(r.key),
  records: { recordType: "AdverseEvent", key: (r) => r.key },
});

const WORST = (w: NonNullable<AeListingFilter["worst"]>) => (w === "missing" ? "missing (no grade)" : String(w));
const GRADE = (g: NonNullable<AeListingFilter["grade"]>) =>
  g === "ge3" ? "≥3" : g === "missing" ? "missing" : String(g);

/** The page's choices that the listing follows too, in words (the export's About sheet says them). */
export function choiceWords(f: AeListingFilter): string[] {
  return [
    ...(f.teae ? ["Treatment-emergent adverse events only"] : []),
    ...(f.relatedness === "conservative"
      ? ["Related in the conservative reading (no assessment and undecided causality count as related)"]
      : []),
  ];
}

/**
 * The listing's filters in words, each with the URL parameter that removes it: the page's list of filters and the
 * About sheet of the listing's export say the same.
 */
export function listingFilterWords(f: AeListingFilter): [string, string][] {
  const items: [string, string][] = [];
  if (f.scope !== "all")
    items.push([f.scope === "group" ? "Subjects in the Group" : "Subjects outside the Group", "scope"]);
  if (f.subject !== null) items.push([`Subject: ${f.subject}`, "subject"]);
  if (f.term !== null) items.push([`Term: ${f.term}`, "term"]);
  if (f.soc !== null) items.push([`System organ class: ${f.soc}`, "soc"]);
  if (f.worst !== null) {
    const within = f.term !== null ? "of the term" : f.soc !== null ? "within the class" : "overall";
    items.push([`Subjects whose worst grade ${within} is ${WORST(f.worst)}`, "worst"]);
  }
  if (f.grade !== null) items.push([`Grade: ${GRADE(f.grade)}`, "grade"]);
  if (f.related) items.push(["Related", "related"]);
  if (f.ongoing) items.push(["Ongoing", "ongoing"]);
  if (f.flag !== null) items.push([`Flag: ${FLAG_FILTERS[f.flag]}`, "flag"]);
  if (f.ctcae !== null)
    items.push([f.ctcae === NO_CTCAE_VERSION ? "No CTCAE version" : `CTCAE version ${f.ctcae}`, "ctcae"]);
  for (const [kind, value] of Object.entries(f.subgroup) as [SubgroupKind, string][])
    items.push([`${SUBGROUP_TITLE[kind]}: ${value}`, kind]);
  return items;
}

/**
 * The adverse-event section's tables as the page shows them and their exports write them: the overview
 * (./ui/AeOverviewTable.tsx), the table by term and worst grade (./ui/AeByTermTable.tsx), the data of the chart
 * of the most frequent terms (./ui/AeTermChart.tsx) and the listing (./ui/AeListing.tsx: a server table, for a
 * study may hold tens of thousands of events), whose filters in words the page's list and the export's About sheet
 * share. In a file, each n (%) is two numbers, n and the percentage, so that a spreadsheet can use them.
 */
import {
  type AeListingFilter,
  type AeListingRow,
  FLAG_FILTERS,
  NO_CTCAE_VERSION,
} from "@/lib/clinical/adverse-events/listing";
import { SUBGROUP_TITLE, type SubgroupKind } from "@/lib/clinical/adverse-events/study";
import type { GradeColumn, TermRow } from "@/lib/clinical/adverse-events/summary";
import { percentOf } from "@/lib/clinical/common/percent";
import type { TableColumn } from "@/lib/tables/server-table";
import type { TableDef } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { DEFAULT_PAGE_SIZES, type UrlStateOptions } from "@/lib/tables/url-state";
import { subjectHref } from "@/sections/frame/addresses";
import { exportKeys } from "@/sections/frame/export-keys";
import type { AdverseEventsView } from "./load";
import { LISTING_PREFIX, type ListingParams, listingHref } from "./query";

/** The section's exportable tables. */
export const AE_TABLES = exportKeys("adverse-events", ["overview", "by-term", "term-chart", "listing"]);

interface Line {
  label: string;
  n: number;
  /** A number of events, not of subjects: no percentage. */
  events?: boolean;
  filter: ListingParams;
}

/** The overview's lines: each a count of subjects (n of N) or of events, and the listing filter behind it. */
export function overviewLines(o: AdverseEventsView["overview"]): Line[] {
  const group = { scope: "group" };
  return [
    { label: "Subjects with any adverse event", n: o.any, filter: group },
    {
      label: "Subjects with an adverse event of grade 3 or more",
      n: o.gradeAtLeast3,
      filter: { ...group, grade: "ge3" },
    },
    { label: "Subjects with an adverse event of grade 5 (death)", n: o.grade5, filter: { ...group, grade: "5" } },
    { label: "Subjects with a related adverse event", n: o.related, filter: { ...group, related: "1" } },
    { label: "Subjects with an ongoing adverse event", n: o.ongoing, filter: { ...group, ongoing: "1" } },
    { label: "Adverse events (records)", n: o.events, events: true, filter: group },
  ];
}

export const overviewCaption = (n: number) =>
  `Overview of adverse events: n (%) of N = ${n.toLocaleString("en")} subjects in the study's Group`;

export function overviewDef(view: AdverseEventsView): TableDef<Line> {
  const N = view.overview.n;
  return {
    columns: [
      { id: "category", header: "Category", value: (l) => l.label },
      { id: "n", header: "n", type: "number", value: (l) => l.n },
      { id: "percent", header: "% of N", type: "number", value: (l) => (l.events ? null : percentOf(l.n, N)) },
      { id: "N", header: "N", type: "number", value: (l) => (l.events ? null : N) },
    ],
    rows: overviewLines(view.overview),
  };
}

export const MIXED_TITLE =
  "Some subjects have graded and ungraded events of this term: each is counted at its highest known grade.";

const GRADE_HEADERS: [GradeColumn, string][] = [
  ["any", "Any grade"],
  ["g1", "Grade 1"],
  ["g2", "Grade 2"],
  ["g3", "Grade 3"],
  ["g4", "Grade 4"],
  ["g5", "Grade 5"],
  ["ge3", "Grade ≥3"],
  ["missing", "Grade missing"],
];

/** The listing filter behind a grade column's cell: the subjects counted there, with their events of the term. */
function gradeFilter(column: GradeColumn): ListingParams {
  if (column === "any") return {};
  if (column === "ge3") return { grade: "ge3" };
  return { worst: column === "missing" ? "missing" : column.slice(1) };
}

export interface ByTermColumn {
  key: string;
  header: string;
  /** Subjects in the cell, and the N of its percentage. */
  cell: (r: TermRow) => { n: number; of: number };
  filter: ListingParams;
}

/** The count columns of the table by term: each grade, then per subgroup value any grade and grade ≥3. */
export function columnsOf(view: AdverseEventsView): ByTermColumn[] {
  const { byTerm } = view;
  const columns: ByTermColumn[] = GRADE_HEADERS.map(([key, header]) => ({
    key,
    header,
    cell: (r) => ({ n: r.counts[key], of: byTerm.n }),
    filter: gradeFilter(key),
  }));
  const kind = byTerm.subgroup;
  if (!kind) return columns;
  byTerm.subgroups.forEach(({ value, n }, i) => {
    const within = { [kind]: value };
    columns.push(
      {
        key: `any:${value}`,
        header: `${value} (N=${n}): any grade`,
        cell: (r) => ({ n: r.bySubgroup[i].any, of: n }),
        filter: within,
      },
      {
        key: `ge3:${value}`,
        header: `${value} (N=${n}): grade ≥3`,
        cell: (r) => ({ n: r.bySubgroup[i].ge3, of: n }),
        filter: { ...within, grade: "ge3" },
      },
    );
  });
  return columns;
}

export function byTermCaption(view: AdverseEventsView): string {
  const { byTerm, terms } = view;
  const subgroup = byTerm.subgroup ? `, by ${SUBGROUP_TITLE[byTerm.subgroup].toLowerCase()}` : "";
  return (
    `Subjects by term and worst grade${subgroup}: n (%) of N = ${byTerm.n.toLocaleString("en")} subjects ` +
    `in the Group (${terms.length} of ${byTerm.rows.length} terms)`
  );
}

/** The terms the table shows, in its order: per count column its n and its percentage of the column's N. */
export function byTermDef(view: AdverseEventsView): TableDef<TermRow> {
  const counts = columnsOf(view).flatMap((c): TableColumn<TermRow>[] => [
    { id: `${c.key}_n`, header: `${c.header}: n`, type: "number", value: (r) => c.cell(r).n },
    {
      id: `${c.key}_pct`,
      header: `${c.header}: %`,
      type: "number",
      value: (r) => percentOf(c.cell(r).n, c.cell(r).of),
    },
  ]);
  return {
    columns: [
      { id: "term", header: "Term", variable: "AETERM", value: (r) => r.term },
      { id: "mixed", header: "Graded and ungraded events (†)", value: (r) => (r.mixed > 0 ? "Yes" : null) },
      ...counts,
    ],
    rows: view.terms,
  };
}

// The chart of the most frequent terms: what it plots is made on the server.

export const CHART_TITLE = "Most frequent terms: subjects by worst grade";

export const SEGMENTS = [
  { key: "g1", name: "Grade 1", short: "1" },
  { key: "g2", name: "Grade 2", short: "2" },
  { key: "g3", name: "Grade 3", short: "3" },
  { key: "g4", name: "Grade 4", short: "4" },
  { key: "g5", name: "Grade 5", short: "5" },
  { key: "missing", name: "Grade missing", short: "?" },
] as const;
export type SegmentKey = (typeof SEGMENTS)[number]["key"];

export interface ChartDatum extends Record<SegmentKey, number> {
  term: string;
  /** Subjects with any grade: the bar's length. */
  any: number;
  /** The listing of each segment's subjects and their events of the term. */
  links: Record<SegmentKey, string>;
}

export const CHART_COLUMNS: DataColumn[] = [
  { id: "term", header: "Term" },
  { id: "grade", header: "Worst grade" },
  { id: "subjects", header: "Subjects", type: "number", href: "subjects__href" },
];

/**
 * What the chart plots: per term, the subjects of the Group by their worst grade of it (the table by term's counts),
 * with the listing address of each segment; and the same values as the rows of the chart's data table, one per
 * segment drawn (a segment of 0 subjects is not drawn).
 */
export function chartData(terms: readonly TermRow[], base: string, carried: URLSearchParams) {
  const data: ChartDatum[] = terms.map((r) => {
    const link = (key: SegmentKey) =>
      listingHref(base, carried, { scope: "group", term: r.term, worst: key === "missing" ? "missing" : key.slice(1) });
    const each = <T>(f: (key: SegmentKey) => T) =>
      Object.fromEntries(SEGMENTS.map((s) => [s.key, f(s.key)])) as Record<SegmentKey, T>;
    return { term: r.term, any: r.counts.any, ...each((key) => r.counts[key]), links: each(link) };
  });
  const rows: DataRow[] = data.flatMap((d) =>
    SEGMENTS.filter((s) => d[s.key] > 0).map((s) => ({
      term: d.term,
      grade: s.name,
      subjects: d[s.key],
      subjects__href: d.links[s.key],
    })),
  );
  return { data, rows };
}

// The listing.

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

const WORST = (w: NonNullable<AeListingFilter["worst"]>) => (w === "missing" ? "missing (no grade)" : String(w));
const GRADE = (g: NonNullable<AeListingFilter["grade"]>) =>
  g === "ge3" ? "≥3" : g === "missing" ? "missing" : String(g);

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
  if (f.worst !== null)
    items.push([
      `Subjects whose worst grade ${f.term !== null ? "of the term" : "overall"} is ${WORST(f.worst)}`,
      "worst",
    ]);
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

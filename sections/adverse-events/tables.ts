/**
 * The adverse-event section's tables as the page shows them and their exports write them: the overview
 * (./ui/AeOverviewTable.tsx), the table by term and worst grade, its terms alone or under their system organ
 * classes (./ui/AeByTermTable.tsx), and the data of the chart of the most frequent terms (./ui/AeTermChart.tsx);
 * the listing is in ./listing-table.ts. In a file, each n (%) is two numbers, n and the percentage, so that a
 * spreadsheet can use them.
 */
import type { Relatedness } from "@/lib/clinical/adverse-events/rows";
import { SUBGROUP_TITLE } from "@/lib/clinical/adverse-events/study";
import type { GradeColumn, TermRow } from "@/lib/clinical/adverse-events/summary";
import { percentOf } from "@/lib/clinical/common/percent";
import type { TableColumn } from "@/lib/tables/server-table";
import type { TableDef } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { exportKeys } from "@/sections/frame/export-keys";
import type { AdverseEventsView } from "./load";
import { type ListingParams, listingHref } from "./query";

/** The section's exportable tables. */
export const AE_TABLES = exportKeys("adverse-events", ["overview", "by-term", "term-chart", "listing"]);

interface Line {
  label: string;
  n: number;
  /** A number of events, not of subjects: no percentage. */
  events?: boolean;
  filter: ListingParams;
}

/**
 * The overview's lines: each a count of subjects (n of N) or of events, and the listing filter behind it; the
 * related line says when it counts in the conservative reading.
 */
export function overviewLines(o: AdverseEventsView["overview"], relatedness: Relatedness = "assessed"): Line[] {
  const reading = relatedness === "conservative" ? " (conservative reading)" : "";
  const group = { scope: "group" };
  return [
    { label: "Subjects with any adverse event", n: o.any, filter: group },
    {
      label: "Subjects with an adverse event of grade 3 or more",
      n: o.gradeAtLeast3,
      filter: { ...group, grade: "ge3" },
    },
    { label: "Subjects with an adverse event of grade 5 (death)", n: o.grade5, filter: { ...group, grade: "5" } },
    { label: `Subjects with a related adverse event${reading}`, n: o.related, filter: { ...group, related: "1" } },
    { label: "Subjects with an ongoing adverse event", n: o.ongoing, filter: { ...group, ongoing: "1" } },
    { label: "Adverse events (records)", n: o.events, events: true, filter: group },
  ];
}

/** The overview's caption, naming the events it counts. */
export const overviewCaption = (n: number, teae = false) =>
  `Overview of ${teae ? "treatment-emergent " : ""}adverse events: n (%) of N = ${n.toLocaleString("en")} subjects ` +
  "in the study's Group";

export function overviewDef(view: AdverseEventsView): TableDef<Line> {
  const N = view.overview.n;
  return {
    columns: [
      { id: "category", header: "Category", value: (l) => l.label },
      { id: "n", header: "n", type: "number", value: (l) => l.n },
      { id: "percent", header: "% of N", type: "number", value: (l) => (l.events ? null : percentOf(l.n, N)) },
      { id: "N", header: "N", type: "number", value: (l) => (l.events ? null : N) },
    ],
    rows: overviewLines(view.overview, view.query.filter.relatedness),
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
  const rows = view.socGroups ? "system organ class, term" : "term";
  const subgroup = byTerm.subgroup ? `, by ${SUBGROUP_TITLE[byTerm.subgroup].toLowerCase()}` : "";
  const teae = view.query.filter.teae ? ", treatment-emergent adverse events" : "";
  return (
    `Subjects by ${rows} and worst grade${subgroup}${teae}: n (%) of N = ${byTerm.n.toLocaleString("en")} ` +
    `subjects in the Group (${terms.length} of ${byTerm.rows.length} terms)`
  );
}

/**
 * A line of the table by term: a term, or with `layout=soc` a system organ class's own line (`term` null). `soc`
 * is the line's class with `layout=soc`, null without.
 */
export interface ByTermLine {
  soc: string | null;
  term: string | null;
  row: TermRow;
}

/** The table's lines in its order: the terms, or each SOC's line followed by its terms. */
export function byTermLines(view: AdverseEventsView): ByTermLine[] {
  if (!view.socGroups) return view.terms.map((row) => ({ soc: null, term: row.term, row }));
  return view.socGroups.flatMap((g) => [
    { soc: g.soc, term: null, row: g.row },
    ...g.terms.map((row) => ({ soc: g.soc, term: row.term, row })),
  ]);
}

/**
 * The lines the table shows, in its order: per count column its n and its percentage of the column's N. With
 * `layout=soc` the system organ class comes first, and a class's own line has no term.
 */
export function byTermDef(view: AdverseEventsView): TableDef<ByTermLine> {
  const counts = columnsOf(view).flatMap((c): TableColumn<ByTermLine>[] => [
    { id: `${c.key}_n`, header: `${c.header}: n`, type: "number", value: (l) => c.cell(l.row).n },
    {
      id: `${c.key}_pct`,
      header: `${c.header}: %`,
      type: "number",
      value: (l) => percentOf(c.cell(l.row).n, c.cell(l.row).of),
    },
  ]);
  const soc: TableColumn<ByTermLine>[] = view.socGroups
    ? [{ id: "soc", header: "System organ class", variable: "AEBODSYS", value: (l) => l.soc }]
    : [];
  return {
    columns: [
      ...soc,
      { id: "term", header: "Term", variable: "AETERM", value: (l) => l.term },
      { id: "mixed", header: "Graded and ungraded events (†)", value: (l) => (l.row.mixed > 0 ? "Yes" : null) },
      ...counts,
    ],
    rows: byTermLines(view),
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

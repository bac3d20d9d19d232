/**
 * What the chart of the most frequent terms plots, made on the server: per term, the subjects of the Group by
 * their worst grade of it (the table by term's counts), with the listing address of each segment; and the same
 * values as the rows of the chart's data table, one per segment drawn (a segment of 0 subjects is not drawn).
 */
import type { TermRow } from "@/lib/clinical/adverse-events/summary";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { listingHref } from "../links";

/** The chart's name in the URL (its open data table: `aechart_table=1`). */
export const CHART_ID = "aechart";
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

/** "Showing N of M terms", and which: the most frequent, among those the table's minimum incidence keeps. */
export function chartShown(chart: { rows: readonly unknown[]; kept: number; of: number }, minPercent: number): string {
  const shown = `Showing ${chart.rows.length} of ${chart.of} terms`;
  if (minPercent <= 0) return `${shown}: the most frequent by subjects.`;
  const minimum = `an incidence of at least ${minPercent} % of N (the minimum above)`;
  if (chart.kept === 0) return `${shown}: no term has ${minimum}.`;
  if (chart.kept <= chart.rows.length) return `${shown}: every term with ${minimum}.`;
  return `${shown}: the most frequent by subjects of the ${chart.kept} terms with ${minimum}.`;
}

export function chartData(terms: readonly TermRow[], path: string, current: URLSearchParams) {
  const data: ChartDatum[] = terms.map((r) => {
    const link = (key: SegmentKey) =>
      listingHref(path, current, { scope: "group", term: r.term, worst: key === "missing" ? "missing" : key.slice(1) });
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

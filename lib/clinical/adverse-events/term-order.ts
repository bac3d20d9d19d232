/**
 * The table by term as the reader asked for it: terms under a minimum incidence left out, and the rows in the
 * order of any column (docs/clinical-rules.md, Adverse events in a study). Ties keep the report's order:
 * falling number of subjects with any grade, then the term's name.
 */
import { type AeByTerm, GRADE_COLUMNS, type GradeColumn, type TermRow } from "./summary";

/** A column of the table by term: the term, a grade column, or a subgroup's `any:<value>` / `ge3:<value>`. */
export type TermSortKey = string;

export interface TermOrder {
  sort: TermSortKey;
  desc: boolean;
  /** Minimum incidence: 100 x subjects with any grade / N, at least this (0 keeps every term). */
  minPercent: number;
}

export const DEFAULT_TERM_ORDER: TermOrder = { sort: "any", desc: true, minPercent: 0 };

/** The sort keys this table has: every grade column, the term, and two per subgroup value. */
export function termSortKeys(table: AeByTerm): string[] {
  return ["term", ...GRADE_COLUMNS, ...table.subgroups.flatMap((s) => [`any:${s.value}`, `ge3:${s.value}`])];
}

/** The rows whose incidence (100 x subjects with any grade / N, unrounded) is at least the minimum, in order. */
function atLeast(table: AeByTerm, minPercent: number): readonly TermRow[] {
  return minPercent <= 0 || table.n === 0
    ? table.rows
    : table.rows.filter((r) => (100 * r.counts.any) / table.n >= minPercent);
}

/**
 * The chart's terms: the most frequent (the report's order) among those the minimum incidence keeps, at most
 * `most` of them; with how many the minimum keeps and how many terms there are, for "showing N of M".
 */
export function chartTerms(report: AeByTerm, minPercent: number, most: number) {
  const kept = atLeast(report, minPercent);
  return { rows: kept.slice(0, most), kept: kept.length, of: report.rows.length };
}

export function orderTerms(table: AeByTerm, order: TermOrder): TermRow[] {
  const keep = atLeast(table, order.minPercent);
  const value = sortValue(table, order.sort);
  if (!value) return [...keep];
  const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });
  // table.rows is already in the report's order: a stable sort keeps it for ties.
  return [...keep].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    const d = typeof va === "number" && typeof vb === "number" ? va - vb : collator.compare(String(va), String(vb));
    return order.desc ? -d : d;
  });
}

function sortValue(table: AeByTerm, key: TermSortKey): ((r: TermRow) => number | string) | null {
  if (key === "term") return (r) => r.term;
  if ((GRADE_COLUMNS as readonly string[]).includes(key)) return (r) => r.counts[key as GradeColumn];
  const colon = key.indexOf(":");
  const which = key.slice(0, colon);
  const at = table.subgroups.findIndex((s) => s.value === key.slice(colon + 1));
  if (colon < 0 || at < 0 || (which !== "any" && which !== "ge3")) return null;
  return (r) => r.bySubgroup[at][which];
}

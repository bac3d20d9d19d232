/**
 * Subjects by term and worst grade (docs/clinical-rules.md, Adverse events in a study), with the subgroup's
 * columns when one is chosen; each header sorts (in the URL), each count opens its subjects' events in the listing.
 */
import Link from "next/link";
import styles from "@/components/data-table/data-table.module.css";
import { SUBGROUP_TITLE } from "@/lib/clinical/ae-study";
import { type GradeColumn, nPercent, type TermRow } from "@/lib/clinical/ae-summary";
import { type AeViewProps, BY_TERM_ANCHOR, type ListingParams, listingHref, viewHref } from "./ae-links";

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

interface Column {
  key: string;
  header: string;
  /** Subjects in the cell, and the N of its percentage. */
  cell: (r: TermRow) => { n: number; of: number };
  filter: ListingParams;
}

function columnsOf(view: AeViewProps["view"]): Column[] {
  const { byTerm } = view;
  const columns: Column[] = GRADE_HEADERS.map(([key, header]) => ({
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

export function AeByTermTable({ view, path, current }: AeViewProps) {
  const { byTerm, terms, query } = view;
  const columns = columnsOf(view);
  const sortLink = (key: string) => {
    const same = query.order.sort === key;
    const desc = same ? !query.order.desc : key !== "term";
    return viewHref(path, current, { tsort: key, tdir: desc ? "desc" : "asc" }, `#${BY_TERM_ANCHOR}`);
  };
  const ariaSort = (key: string) =>
    query.order.sort === key ? (query.order.desc ? "descending" : "ascending") : ("none" as const);
  const header = (key: string, text: string) => (
    <th key={key} scope="col" aria-sort={ariaSort(key)} style={{ padding: "0.35rem 0.5rem" }}>
      <Link href={sortLink(key)} scroll={false}>
        {text}
      </Link>
      <span aria-hidden="true">{query.order.sort === key ? (query.order.desc ? " ▼" : " ▲") : ""}</span>
    </th>
  );
  const subgroup = byTerm.subgroup ? `, by ${SUBGROUP_TITLE[byTerm.subgroup].toLowerCase()}` : "";
  return (
    <div className={styles.wrap}>
      <table className={styles.table}>
        <caption>
          {`Subjects by term and worst grade${subgroup}: n (%) of N = ${byTerm.n} subjects in the Group `}
          {`(${terms.length} of ${byTerm.rows.length} terms)`}
        </caption>
        <thead>
          <tr>
            {header("term", "Term")}
            {columns.map((c) => header(c.key, c.header))}
          </tr>
        </thead>
        <tbody>
          {terms.length === 0 ? (
            <tr>
              <td colSpan={columns.length + 1} className={styles.empty}>
                {byTerm.rows.length === 0
                  ? "No adverse events of the Group's subjects."
                  : "No term reaches the minimum incidence. Lower it to see more."}
              </td>
            </tr>
          ) : (
            terms.map((r) => (
              <tr key={r.term}>
                <th scope="row" style={{ textAlign: "left", fontWeight: "normal" }}>
                  {r.term}
                  {r.mixed > 0 ? <abbr title={MIXED_TITLE}> †</abbr> : null}
                </th>
                {columns.map((c) => {
                  const { n, of } = c.cell(r);
                  const filter = { scope: "group", term: r.term, ...c.filter };
                  return (
                    <td key={c.key} className={styles.number}>
                      {n === 0 ? "0" : <Link href={listingHref(path, current, filter)}>{nPercent(n, of)}</Link>}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

export const MIXED_TITLE =
  "Some subjects have graded and ungraded events of this term: each is counted at its highest known grade.";

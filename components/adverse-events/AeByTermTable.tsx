/**
 * Subjects by term and worst grade (docs/clinical-rules.md, Adverse events in a study), with the subgroup's
 * columns when one is chosen; each header sorts (in the URL), each count opens its subjects' events in the listing.
 */
import Link from "next/link";
import styles from "@/components/data-table/data-table.module.css";
import { ExportControl } from "@/components/export/ExportControl";
import { nPercent } from "@/lib/clinical/ae-summary";
import { type AeViewProps, BY_TERM_ANCHOR, listingHref, viewHref } from "./ae-links";
import { byTermCaption, columnsOf, MIXED_TITLE } from "./ae-summary-tables";

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
  return (
    <div className={styles.wrap}>
      <table className={styles.table}>
        <caption>{byTermCaption(view)}</caption>
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
      <ExportControl view="adverse-events" table="by-term" label={byTermCaption(view)} />
    </div>
  );
}

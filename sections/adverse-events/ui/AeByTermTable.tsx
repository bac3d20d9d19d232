/**
 * Subjects by term and worst grade (docs/clinical-rules.md, Adverse events in a study), with the subgroup's
 * columns when one is chosen, the terms alone or under their system organ classes (each class a line of its own);
 * each header sorts (in the URL), each count opens its subjects' events in the listing.
 */
import Link from "next/link";
import tableStyles from "@/components/data-table/data-table.module.css";
import { ExportControl } from "@/components/export/ExportControl";
import { nPercent } from "@/lib/clinical/adverse-events/summary";
import { BY_TERM_ANCHOR, listingHref, pageHref } from "../query";
import { AE_TABLES, byTermCaption, columnsOf, MIXED_TITLE } from "../tables";
import styles from "./adverse-events.module.css";
import type { AePartProps } from "./part-props";

type TermColumn = ReturnType<typeof columnsOf>[number];
type TermRow = AePartProps["view"]["terms"][number];

export function AeByTermTable({ view, base, carried }: AePartProps) {
  const columns = columnsOf(view);
  const heads = [{ key: "term", header: view.socGroups ? "System organ class / term" : "Term" }, ...columns];
  const links = { base, carried };
  // The export control below the box, not in it: the box then keeps its height limit, so the head stays in view.
  return (
    <>
      <div className={tableStyles.wrap}>
        <table className={tableStyles.table}>
          <caption>{byTermCaption(view)}</caption>
          <thead>
            <tr>
              {heads.map((c) => (
                <SortHeader key={c.key} column={c.key} text={c.header} view={view} base={base} carried={carried} />
              ))}
            </tr>
          </thead>
          <tbody>
            {view.terms.length === 0 ? (
              <NoTermRow span={columns.length + 1} noEvents={view.byTerm.rows.length === 0} />
            ) : view.socGroups ? (
              view.socGroups.flatMap((g) => [
                <TermRowCells key={`soc:${g.soc}`} row={g.row} soc={g.soc} columns={columns} {...links} />,
                ...g.terms.map((r) => <TermRowCells key={r.term} row={r} columns={columns} under {...links} />),
              ])
            ) : (
              view.terms.map((r) => <TermRowCells key={r.term} row={r} columns={columns} {...links} />)
            )}
          </tbody>
        </table>
      </div>
      <ExportControl {...AE_TABLES.key("by-term")} label={byTermCaption(view)} />
    </>
  );
}

/** A column's header: a link that sorts by it (descending first, but the term ascending; again: the other way). */
function SortHeader({ column, text, view, base, carried }: AePartProps & { column: string; text: string }) {
  const { order } = view.query;
  const same = order.sort === column;
  const desc = same ? !order.desc : column !== "term";
  const href = pageHref(base, carried, { tsort: column, tdir: desc ? "desc" : "asc" }, `#${BY_TERM_ANCHOR}`);
  return (
    <th scope="col" aria-sort={same ? (order.desc ? "descending" : "ascending") : "none"} className={styles.sortHeader}>
      <Link href={href} scroll={false}>
        {text}
      </Link>
      <span aria-hidden="true">{same ? (order.desc ? " ▼" : " ▲") : ""}</span>
    </th>
  );
}

/** The one row of an empty table, saying why it is empty and what to do. */
function NoTermRow({ span, noEvents }: { span: number; noEvents: boolean }) {
  return (
    <tr>
      <td colSpan={span} className={tableStyles.empty}>
        {noEvents
          ? "No adverse events of the Group's subjects."
          : "No term reaches the minimum incidence. Lower it to see more."}
      </td>
    </tr>
  );
}

/**
 * A term's row: its name (marked † when its grades are mixed), then each count as a link to its events. With `soc`,
 * the row is that system organ class's own line, its counts opening the class's events; `under`: a term set in
 * under its class.
 */
function TermRowCells({
  row,
  columns,
  base,
  carried,
  soc,
  under = false,
}: Omit<AePartProps, "view"> & { row: TermRow; columns: TermColumn[]; soc?: string; under?: boolean }) {
  const which = soc === undefined ? { term: row.term } : { soc };
  return (
    <tr className={soc === undefined ? undefined : styles.socRow}>
      <th scope="row" className={under ? `${styles.term} ${styles.termUnder}` : styles.term}>
        {row.term}
        {soc === undefined && row.mixed > 0 ? <abbr title={MIXED_TITLE}> †</abbr> : null}
      </th>
      {columns.map((c) => {
        const { n, of } = c.cell(row);
        const filter = { scope: "group", ...which, ...c.filter };
        return (
          <td key={c.key} className={tableStyles.number}>
            {n === 0 ? "0" : <Link href={listingHref(base, carried, filter)}>{nPercent(n, of)}</Link>}
          </td>
        );
      })}
    </tr>
  );
}

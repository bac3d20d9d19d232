/**
 * Subjects by term and worst grade (docs/clinical-rules.md, Adverse events in a study), with the subgroup's
 * columns when one is chosen; each header sorts (in the URL), each count opens its subjects' events in the listing.
 */
import Link from "next/link";
import styles from "@/components/data-table/data-table.module.css";
import { ExportControl } from "@/components/export/ExportControl";
import { nPercent } from "@/lib/clinical/adverse-events/summary";
import { type AeViewProps, BY_TERM_ANCHOR, listingHref, viewHref } from "../links";
import { byTermCaption, columnsOf, MIXED_TITLE } from "../summary-tables";

type TermColumn = ReturnType<typeof columnsOf>[number];
type TermRow = AeViewProps["view"]["terms"][number];

export function AeByTermTable({ view, path, current }: AeViewProps) {
  const columns = columnsOf(view);
  const heads = [{ key: "term", header: "Term" }, ...columns];
  // The export control below the box, not in it: the box then keeps its height limit, so the head stays in view.
  return (
    <>
      <div className={styles.wrap}>
        <table className={styles.table}>
          <caption>{byTermCaption(view)}</caption>
          <thead>
            <tr>
              {heads.map((c) => (
                <SortHeader key={c.key} column={c.key} text={c.header} view={view} path={path} current={current} />
              ))}
            </tr>
          </thead>
          <tbody>
            {view.terms.length === 0 ? (
              <NoTermRow span={columns.length + 1} noEvents={view.byTerm.rows.length === 0} />
            ) : (
              view.terms.map((r) => (
                <TermRowCells key={r.term} row={r} columns={columns} path={path} current={current} />
              ))
            )}
          </tbody>
        </table>
      </div>
      <ExportControl view="adverse-events" table="by-term" label={byTermCaption(view)} />
    </>
  );
}

/** A column's header: a link that sorts by it (descending first, but the term ascending; again: the other way). */
function SortHeader({ column, text, view, path, current }: AeViewProps & { column: string; text: string }) {
  const { order } = view.query;
  const same = order.sort === column;
  const desc = same ? !order.desc : column !== "term";
  const href = viewHref(path, current, { tsort: column, tdir: desc ? "desc" : "asc" }, `#${BY_TERM_ANCHOR}`);
  return (
    <th
      scope="col"
      aria-sort={same ? (order.desc ? "descending" : "ascending") : "none"}
      style={{ padding: "0.35rem 0.5rem" }}
    >
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
      <td colSpan={span} className={styles.empty}>
        {noEvents
          ? "No adverse events of the Group's subjects."
          : "No term reaches the minimum incidence. Lower it to see more."}
      </td>
    </tr>
  );
}

/** A term's row: its name (marked † when its grades are mixed), then each count as a link to its events. */
function TermRowCells({
  row,
  columns,
  path,
  current,
}: Omit<AeViewProps, "view"> & { row: TermRow; columns: TermColumn[] }) {
  return (
    <tr>
      <th scope="row" style={{ textAlign: "left", fontWeight: "normal" }}>
        {row.term}
        {row.mixed > 0 ? <abbr title={MIXED_TITLE}> †</abbr> : null}
      </th>
      {columns.map((c) => {
        const { n, of } = c.cell(row);
        const filter = { scope: "group", term: row.term, ...c.filter };
        return (
          <td key={c.key} className={styles.number}>
            {n === 0 ? "0" : <Link href={listingHref(path, current, filter)}>{nPercent(n, of)}</Link>}
          </td>
        );
      })}
    </tr>
  );
}

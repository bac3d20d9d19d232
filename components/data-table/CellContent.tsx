"use client";
import Link from "next/link";
import { hrefInside } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import styles from "./data-table.module.css";
import { CellAction } from "./table-actions";

/**
 * A cell's value, as a link to the records behind it when the column names one and the row has an address. A
 * column that carries the table's view adds `carried` to its links: the table's own state as the table read it and
 * wrote it again (never the page's address as it came, which would be repeated in every row). A cell whose column
 * names a mark and whose row has one shows it after the value; one with an action (./table-actions.tsx) its button,
 * and one with a detail the detail's words under the value.
 */
export function CellContent({ row, column, carried }: { row: DataRow; column: DataColumn; carried: string }) {
  const detail = column.detail ? row[column.detail] : null;
  if (!column.actions?.length && (typeof detail !== "string" || detail === ""))
    return <MarkedValue row={row} column={column} carried={carried} />;
  // A column with actions or a detail: the value, the buttons after it, the detail's words under them.
  return (
    <>
      <MarkedValue row={row} column={column} carried={carried} />
      {column.actions?.map((action) => (
        <span key={action.argument}>
          {" "}
          <CellAction row={row} action={action} />
        </span>
      ))}
      {typeof detail === "string" && detail !== "" ? <span className={styles.cellDetail}>{detail}</span> : null}
    </>
  );
}

function MarkedValue({ row, column, carried }: { row: DataRow; column: DataColumn; carried: string }) {
  const mark = column.mark ? row[column.mark] : null;
  if (typeof mark !== "string" || mark === "") return <CellValue row={row} column={column} carried={carried} />;
  // The mark is seen (≠, its words on hover) and heard (its words), never colour alone (DataColumn.mark).
  return (
    <>
      <CellValue row={row} column={column} carried={carried} />{" "}
      <span className={styles.cellMark} title={mark}>
        <span aria-hidden="true">≠</span>
        <span className={styles.hidden}>({mark})</span>
      </span>
    </>
  );
}

/** The cell's text: a number of a column with fixed decimals shown with exactly those. */
export function cellText(value: DataRow[string] | undefined, column: DataColumn): string | number {
  if (typeof value === "number" && column.decimals !== undefined) return value.toFixed(column.decimals);
  return value ?? "";
}

function CellValue({ row, column, carried }: { row: DataRow; column: DataColumn; carried: string }) {
  const value = cellText(row[column.id], column);
  const part = column.href ? row[column.href] : null;
  if (typeof part !== "string" || part === "" || (column.plainAtZero && value === 0)) return <>{value}</>;
  const href = column.hrefAround ? hrefInside(column.hrefAround, part) : part;
  const text = value === "" ? "(open)" : value;
  // A link within the page (`#<id>`): the browser's own, so that it marks its target (:target), which a router
  // navigation does not.
  if (href.startsWith("#")) return <a href={href}>{text}</a>;
  const to = column.carryQuery && carried !== "" ? `${href}${href.includes("?") ? "&" : "?"}${carried}` : href;
  return <Link href={to}>{text}</Link>;
}

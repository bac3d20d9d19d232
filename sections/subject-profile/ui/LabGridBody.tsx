"use client";
/**
 * The laboratory grid's rows (./LabGrid.tsx), drawn from one packed text (lib/payload/packed-json.ts). Sent as the
 * server's
 * markup, a page of the grid was about 45 rows of 12 cells, each cell three elements with their attributes: 40 % of
 * a subject profile's payload and of React's work to write it (docs/benchmarks.md, bench:views, 2026-11-26). The server
 * decides everything here (texts, flags, addresses); this component only lays it out.
 */
import Link from "next/link";
import { Fragment } from "react";
import { useUnpacked } from "@/components/charts/use-unpacked";
import type { Packed } from "@/lib/payload/packed-json";
import { resultCellId } from "../query";
import styles from "./subject.module.css";

/** A test's row as shown: its name opens its trend at `href`. */
export interface GridBodyRow {
  key: string;
  test: string;
  href: string;
  /** The test whose trend is shown. */
  current: boolean;
  /** Shown beside the name when it differs from it. */
  code: string | null;
  /** The test's unit ("U/L"), or "Units: ..." when it changes; null for a test of text results. */
  units: string | null;
  cells: (GridBodyCell | null)[];
}

export interface GridBodyCell {
  /** The cell's hover text: each result's collection time and range as sent. */
  title: string;
  results: { id: string; display: string; flag: "H" | "L" | null }[];
  note: string | null;
  unitChange: string | null;
}

/** `first`: the grid column of the page's first cell, for the results' element IDs (a trend point opens one). */
export function LabGridBody({ rows, first }: { rows: Packed<GridBodyRow[]>; first: number }) {
  return <tbody>{useUnpacked(rows).map((row, r) => gridRow(row, r, first))}</tbody>;
}

function gridRow(row: GridBodyRow, r: number, first: number) {
  return (
    <tr key={row.key}>
      <th scope="row" className={styles.test}>
        <Link
          href={row.href}
          title={`Show the trend of ${row.test}`}
          {...(row.current ? { className: styles.current, "aria-current": "true" as const } : {})}
        >
          {row.test}
        </Link>
        {row.code !== null ? <span className={styles.code}>{row.code}</span> : null}
        {row.units !== null ? <span className={styles.code}>{row.units}</span> : null}
      </th>
      {row.cells.map((cell, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: a cell's place is its column; the page is replaced whole.
        cell === null ? <td key={i} /> : gridCell(cell, i, { row: r, column: first + i }),
      )}
    </tr>
  );
}

function gridCell(cell: GridBodyCell, key: number, at: { row: number; column: number }) {
  return (
    <td key={key} title={cell.title}>
      {cell.results.map((result, index) => (
        <Fragment key={result.id}>
          {index > 0 ? "; " : null}
          <span
            id={resultCellId({ ...at, index })}
            {...(result.flag ? { className: result.flag === "H" ? styles.high : styles.low } : {})}
          >
            {result.display}
          </span>
        </Fragment>
      ))}
      {cell.note ? <span className={styles.note}>{cell.note}</span> : null}
      {cell.unitChange ? <span className={styles.unitChange}>{cell.unitChange}</span> : null}
    </td>
  );
}

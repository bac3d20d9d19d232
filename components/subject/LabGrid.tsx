/**
 * One subject's laboratory results, a row per test and a column per visit
 * (docs/clinical-rules.md, Laboratory grid), a page of visits at a time
 * (./GridPager.tsx). H and L are written as letters (the colour only repeats
 * them); hovering a cell gives each result's collection time and its range
 * as sent. A test's name opens its trend. A subject has up to two thousand
 * results, so cells are written lean: plain functions, not components, and
 * no attribute that says nothing.
 */

import Link from "next/link";
import { Fragment, type ReactNode } from "react";
import type { GridCell, GridColumn, GridResult, GridRow } from "@/lib/clinical/lab-grid";
import type { GridPage } from "@/lib/clinical/lab-grid-pages";
import { ExportControl } from "../export/ExportControl";
import { plural } from "../study/notices";
import { resultCellId, visitHeadId } from "./grid-choice";
import styles from "./subject.module.css";

export interface LabGridProps {
  page: GridPage;
  /** Tests and visits of the whole grid. */
  size: { tests: number; visits: number };
  subject: string;
  /** The key of the test whose trend is shown, if any. */
  selected: string | null;
  /** The address that shows a test's trend (the page's other URL state kept). */
  trendHref: (key: string) => string;
  /** The pages of visits (./GridPager.tsx). */
  pager: ReactNode;
}

export function LabGrid({ page, size, subject, selected, trendHref, pager }: LabGridProps) {
  if (page.rows.length === 0) return <p>The partner sent no laboratory results for subject {subject}.</p>;
  const counts = `${plural(size.tests, "test")}, ${plural(size.visits, "visit")}`;
  const shown = page.pages > 1 ? `; visits ${page.first + 1}–${page.first + page.columns.length} shown` : "";
  return (
    <>
      {pager}
      <div className={styles.scroll}>
        <table className={styles.grid}>
          <caption>{`Laboratory results of subject ${subject} by visit (${counts}${shown})`}</caption>
          <thead>
            <tr>
              <th scope="col" className={styles.test}>
                Test
              </th>
              {page.columns.map((c, i) => columnHead(c, page.first + i))}
            </tr>
          </thead>
          <tbody>{page.rows.map((row, r) => gridRow(row, { row: r, first: page.first }, selected, trendHref))}</tbody>
        </table>
      </div>
      <ExportControl
        view="subject"
        table="lab-grid"
        label={`Laboratory results of subject ${subject} by visit, every visit`}
      />
    </>
  );
}

function columnHead(column: GridColumn, index: number) {
  return (
    <th scope="col" key={column.key} id={visitHeadId(index)}>
      {column.visit ?? "(no visit)"}
      <br />
      {column.date === null ? "(no date)" : <time dateTime={column.date}>{column.date}</time>}
    </th>
  );
}

/** A row's place: its index in the grid, and the grid column of the page's first cell. */
type RowPlace = { row: number; first: number };

function gridRow(row: GridRow, at: RowPlace, selected: string | null, trendHref: (key: string) => string) {
  const current = row.key === selected;
  return (
    <tr key={row.key}>
      <th scope="row" className={styles.test}>
        <Link
          href={trendHref(row.key)}
          title={`Show the trend of ${row.test}`}
          {...(current ? { className: styles.current, "aria-current": "true" as const } : {})}
        >
          {row.test}
        </Link>
        {row.code !== null && row.code !== row.test ? <span className={styles.code}>{row.code}</span> : null}
        {row.units.length > 1 ? <span className={styles.code}>{unitsText(row.units)}</span> : null}
      </th>
      {row.cells.map((cell, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: a cell's place is its column; the page is replaced whole.
        cell === null ? <td key={i} /> : gridCell(cell, i, { ...at, column: at.first + i }),
      )}
    </tr>
  );
}

/** A test whose unit changes lists its units on every page, whichever page shows the change. */
const unitsText = (units: (string | null)[]) => `Units: ${units.map((u) => u ?? "no unit").join(", ")}`;

function gridCell(cell: GridCell, key: number, at: { row: number; column: number }) {
  return (
    <td key={key} title={cell.title}>
      {cell.results.length === 1
        ? result(cell.results[0], resultCellId({ ...at, index: 0 }))
        : cell.results.map((r, index) => (
            <Fragment key={r.id}>
              {index > 0 ? "; " : null}
              {result(r, resultCellId({ ...at, index }))}
            </Fragment>
          ))}
      {cell.note ? <span className={styles.note}>{cell.note}</span> : null}
      {cell.unitChange ? <span className={styles.unitChange}>{cell.unitChange}</span> : null}
    </td>
  );
}

/** The id lets a point of the trend open its result (focusable when it does); only H and L carry a class. */
function result(r: GridResult, id: string) {
  const flagClass = r.flag === "H" ? styles.high : r.flag === "L" ? styles.low : null;
  return (
    <span id={id} {...(flagClass ? { className: flagClass } : {})}>
      {r.display}
    </span>
  );
}

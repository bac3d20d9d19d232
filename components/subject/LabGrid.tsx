/**
 * One subject's laboratory results, a row per test and a column per visit
 * (docs/clinical-rules.md, Laboratory grid). H and L are written as letters
 * (the colour only repeats them); hovering a cell gives each result's
 * collection time and its range as sent. A test's name opens its trend.
 */
import Link from "next/link";
import { Fragment } from "react";
import type { LabGrid as Grid, GridCell, GridColumn, GridResult } from "@/lib/clinical/lab-grid";
import styles from "./subject.module.css";

export interface LabGridProps {
  grid: Grid;
  subject: string;
  /** The key of the test whose trend is shown, if any. */
  selected: string | null;
  /** The address that shows a test's trend (the page's other URL state kept). */
  trendHref: (key: string) => string;
}

export function LabGrid({ grid, subject, selected, trendHref }: LabGridProps) {
  if (grid.rows.length === 0) return <p>The partner sent no laboratory results for subject {subject}.</p>;
  return (
    <div className={styles.scroll}>
      <table className={styles.grid}>
        <caption>
          Laboratory results of subject {subject} by visit ({grid.rows.length} tests, {grid.columns.length} visits)
        </caption>
        <thead>
          <tr>
            <th scope="col" className={styles.test}>
              Test
            </th>
            {grid.columns.map((c) => (
              <th scope="col" key={c.key}>
                <ColumnHead column={c} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className={styles.test}>
                <Link
                  href={trendHref(row.key)}
                  className={row.key === selected ? styles.current : undefined}
                  aria-current={row.key === selected ? "true" : undefined}
                  title={`Show the trend of ${row.test}`}
                >
                  {row.test}
                </Link>
                {row.code !== null && row.code !== row.test ? <span className={styles.code}>{row.code}</span> : null}
              </th>
              {row.cells.map((cell, i) =>
                cell === null ? <td key={grid.columns[i].key} /> : <Cell key={grid.columns[i].key} cell={cell} />,
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ColumnHead({ column }: { column: GridColumn }) {
  return (
    <>
      {column.visit ?? "(no visit)"}
      <br />
      {column.date === null ? "(no date)" : <time dateTime={column.date}>{column.date}</time>}
    </>
  );
}

function Cell({ cell }: { cell: GridCell }) {
  return (
    <td title={cell.title}>
      {cell.results.map((r, i) => (
        <Fragment key={r.id}>
          {i > 0 ? "; " : null}
          <Result result={r} />
        </Fragment>
      ))}
      {cell.note ? <span className={styles.note}>{cell.note}</span> : null}
      {cell.unitChange ? <span className={styles.unitChange}>{cell.unitChange}</span> : null}
    </td>
  );
}

function Result({ result }: { result: GridResult }) {
  // The id lets a point of the trend open its cell; only H and L carry a class (the page is big for 48 visits).
  const flagClass = result.flag === "H" ? styles.high : result.flag === "L" ? styles.low : undefined;
  return (
    <span id={`lab-result-${result.id}`} tabIndex={-1} className={flagClass}>
      {result.display}
    </span>
  );
}

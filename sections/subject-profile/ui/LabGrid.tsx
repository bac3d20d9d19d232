/**
 * One subject's laboratory results, a row per test and a column per visit
 * (docs/clinical-rules.md, Laboratory grid), a page of visits at a time
 * (./GridPager.tsx). H and L are written as letters (the colour only repeats
 * them); hovering a cell gives each result's collection time and its range
 * as sent. A test's name opens its trend. A subject has up to two thousand
 * results, so the rows go to the browser as one packed text of what each cell
 * shows (./LabGridBody.tsx), and cells are written lean: plain functions, not
 * components, and no attribute that says nothing.
 */

import type { ReactNode } from "react";
import { ExportControl } from "@/components/export/ExportControl";
import { displayUnit } from "@/lib/clinical/common/units";
import type { GridCell, GridColumn } from "@/lib/clinical/laboratory/grid";
import type { GridPage } from "@/lib/clinical/laboratory/grid-pages";
import { pack } from "@/lib/payload/packed-json";
import { plural } from "@/sections/frame/ui/notices";
import { visitHeadId } from "../query";
import { SUBJECT_PROFILE_TABLES } from "../tables";
import { type GridBodyCell, type GridBodyRow, LabGridBody } from "./LabGridBody";
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
          <LabGridBody rows={pack(bodyRows(page, selected, trendHref))} first={page.first} />
        </table>
      </div>
      <ExportControl
        {...SUBJECT_PROFILE_TABLES.key("lab-grid")}
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

/** The page's rows as the browser draws them (./LabGridBody.tsx): every text, flag and address decided here. */
function bodyRows(page: GridPage, selected: string | null, trendHref: (key: string) => string): GridBodyRow[] {
  return page.rows.map((row) => ({
    key: row.key,
    test: row.test,
    href: trendHref(row.key),
    current: row.key === selected,
    code: row.code !== null && row.code !== row.test ? row.code : null,
    units: unitsText(row.units),
    cells: row.cells.map((cell) => (cell === null ? null : bodyCell(cell))),
  }));
}

const bodyCell = (cell: GridCell): GridBodyCell => ({
  title: cell.title,
  // Only H and L are marked (by letter and colour); N and none look alike.
  results: cell.results.map((r) => ({
    id: r.id,
    display: r.display,
    flag: r.flag === "H" || r.flag === "L" ? r.flag : null,
  })),
  note: cell.note,
  unitChange: cell.unitChange,
});

/**
 * A test's unit, said once by its row (its cells give the number alone); a test whose unit changes lists its units
 * on every page, whichever page shows the change, and each cell names its own. None for a test of text results.
 */
function unitsText(units: (string | null)[]): string | null {
  const names = units.map((u) => (u === null ? "no unit" : displayUnit(u)));
  if (names.length === 0) return null;
  return names.length === 1 ? names[0] : `Units: ${names.join(", ")}`;
}

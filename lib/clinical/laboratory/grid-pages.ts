/**
 * A subject's laboratory grid shown a page of visits at a time: 48 visits of
 * 38 tests are about 1,800 cells, too many to send at once. Every test keeps
 * its row on every page (empty where it has no result in those visits), and
 * the cells are those of the whole grid, so a unit change is marked where it
 * happens whichever page shows it.
 */
import type { GridColumn, GridRow, LabGrid } from "./grid";

export interface GridPage {
  /** From 1. */
  page: number;
  pages: number;
  /** Visits per page. */
  size: number;
  /** The index (from 0) in the whole grid of this page's first column. */
  first: number;
  columns: GridColumn[];
  /** Every test, with the cells of this page's columns only. */
  rows: GridRow[];
}

/** One page's span of visits: its columns (from 1, inclusive) and the first and last dates among them. */
export interface PageSpan {
  page: number;
  from: number;
  to: number;
  firstDate: string | null;
  lastDate: string | null;
}

export const pageCount = (columns: number, size: number): number => Math.max(1, Math.ceil(columns / size));

/** The page (from 1) that holds the column at `index` (from 0). */
export const pageOfColumn = (index: number, size: number): number => Math.floor(index / size) + 1;

/** Page `page` of the grid, `size` visits a page; a page beyond either end is the nearest one. */
export function gridPage(grid: LabGrid, page: number, size: number): GridPage {
  const pages = pageCount(grid.columns.length, size);
  const shown = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
  const first = (shown - 1) * size;
  const end = first + size;
  return {
    page: shown,
    pages,
    size,
    first,
    columns: grid.columns.slice(first, end),
    rows: grid.rows.map((row) => ({ ...row, cells: row.cells.slice(first, end) })),
  };
}

/** Every page's span, for a way to the page of a chosen date. */
export function pageSpans(columns: readonly GridColumn[], size: number): PageSpan[] {
  const spans: PageSpan[] = [];
  for (let first = 0; first < columns.length; first += size) {
    const dates = columns
      .slice(first, first + size)
      .map((c) => c.date)
      .filter((d): d is string => d !== null);
    const to = Math.min(first + size, columns.length);
    spans.push({
      page: spans.length + 1,
      from: first + 1,
      to,
      firstDate: dates[0] ?? null,
      lastDate: dates.at(-1) ?? null,
    });
  }
  return spans;
}

/** Where a result is in the whole grid: its test's row, its visit's column, and its place in the cell (from 0). */
export interface ResultPlace {
  row: number;
  column: number;
  index: number;
}

/** The place of each result, by record ID: where a trend's point finds its cell. */
export function resultPlaces(grid: LabGrid): Map<string, ResultPlace> {
  const places = new Map<string, ResultPlace>();
  grid.rows.forEach((row, r) => {
    row.cells.forEach((cell, column) => {
      cell?.results.forEach((result, index) => {
        places.set(result.id, { row: r, column, index });
      });
    });
  });
  return places;
}

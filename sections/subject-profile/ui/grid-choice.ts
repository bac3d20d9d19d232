/**
 * Which page of the laboratory grid the URL asks for: `grid=` (the page, from
 * 1) and `grid_visits=` (visits a page: 6, 12 or 24). Anything else is the
 * default (page 1, 12 visits); a page beyond the last shows the last one
 * (lib/clinical/laboratory/grid-pages.ts), so a link kept from before a refresh
 * still opens the grid.
 */
export const GRID_PAGE = "grid";
export const GRID_VISITS = "grid_visits";
export const VISITS_PER_PAGE = [6, 12, 24] as const;
export const DEFAULT_VISITS_PER_PAGE = 12;

export function chooseGridPage(param: string | null): number {
  return param !== null && /^[1-9]\d{0,3}$/.test(param) ? Number(param) : 1;
}

export function chooseVisitsPerPage(param: string | null): number {
  return VISITS_PER_PAGE.find((n) => String(n) === param) ?? DEFAULT_VISITS_PER_PAGE;
}

/** The URL value of a page: none for the first, so that the default view keeps its plain address. */
export const gridPageValue = (page: number): string | null => (page === 1 ? null : String(page));

/** The id of a visit's column head (from 0 over the whole grid), where a chosen visit is brought into view. */
export const visitHeadId = (index: number) => `lab-visit-${index}`;

/**
 * The id of a result in the grid: its test's row, its visit's column (over the whole grid) and, after the first,
 * its place in the cell. Short, since a page has hundreds of them; where a trend's point finds its result.
 */
export const resultCellId = (p: { row: number; column: number; index: number }) =>
  `lr-${p.row}-${p.column}${p.index > 0 ? `-${p.index}` : ""}`;

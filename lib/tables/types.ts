/** What a server component hands a table: plain, serializable rows and column descriptions. */
export type DataCell = string | number | null;
export type DataRow = Record<string, DataCell>;

export interface DataColumn {
  /** The row property shown; letters, digits and `_` only (it appears in the URL). */
  id: string;
  header: string;
  /** What an abbreviated header means (BOR, ×ULN): the header's tooltip. */
  description?: string;
  /**
   * The variable the column holds, where a standard names one (CDISC SDTM, e.g. LBORRES; docs/exports.md): exports
   * write it after the header, "Result (LBORRES)".
   */
  variable?: string;
  /** Number columns sort numerically and filter by `3`, `>2`, `<=5`. */
  type?: "text" | "number";
  /** The row property holding the address this column's cell opens (the records behind it); none: plain text. */
  href?: string;
  /**
   * The cell's link carries the table's view (its sorting, filters, search and page, as URL parameters), so that
   * the page it opens can lead back to this view and through the rows in this order (a subject's profile).
   */
  carryQuery?: boolean;
}

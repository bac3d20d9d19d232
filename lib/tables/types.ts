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
   * With `href`: the address is the first text, the row's value, then the second. What every row's address shares
   * is sent once, in the column, not in each row of a table the browser receives whole (the links of a thousand
   * subjects were about half of the subject list's page: docs/benchmarks.md, bench:views, 2026-11-26).
   */
  hrefAround?: readonly [string, string];
  /**
   * A count whose 0 has no records behind it: a 0 is shown without its link. Several columns may then share one
   * row property for their links (a subject's part of each address), each with its own `hrefAround`.
   */
  plainAtZero?: boolean;
  /**
   * The cell's link carries the table's view (its sorting, filters, search and page, as URL parameters), so that
   * the page it opens can lead back to this view and through the rows in this order (a subject's profile).
   */
  carryQuery?: boolean;
  /**
   * Where the column stands in a wide table (docs/design.md, Tables): "key" columns (the record's identity, the
   * results and flags a reviewer scans) are always shown; the others can be hidden by the reader, and a
   * "hidden-by-default" one is hidden until the reader shows it. An export writes every column.
   */
  priority?: "key" | "hidden-by-default";
  /** An identifier (a subject ID, a record key, a code): its cells never break onto a second line. */
  nowrap?: boolean;
  /**
   * The row property holding a note on the cell's value, in words ("differs from recomputed PR"): the cell shows a
   * mark (≠) after its value, the words for screen readers and on hover. Null or absent: no mark. An export writes
   * the value alone.
   */
  mark?: string;
  /**
   * A number column shown with exactly this many decimals (2.50, not 2.5), so that its values line up and read
   * as the rule rounds them; its sorting and filtering use the number itself. An export writes it so too: the CSV
   * bare with the decimals, Excel a number with that number format.
   */
  decimals?: number;
  /**
   * The words every cell of the column is one of (a review status): its filter is a choice among them, each an
   * exact match, in place of typed text.
   */
  choices?: readonly string[];
  /**
   * The row property holding words shown under the cell's value (what changed in a record since it was reviewed):
   * not sorted or filtered by; an export writes the value alone.
   */
  detail?: string;
  /** The column's actions on its row: buttons after the cell's value (mark reviewed, comments), in order. */
  actions?: readonly ColumnAction[];
}

/**
 * The row properties of one of a column's actions: `label` holds the button's words (null: no button), `name` its
 * name for screen readers (the words and the record), `argument` what the table's action is called with. `icon`:
 * the button shows an icon before its words (which may then be few: a count), its name said on hover too.
 */
export interface ColumnAction {
  label: string;
  argument: string;
  name: string;
  icon?: "comment";
}

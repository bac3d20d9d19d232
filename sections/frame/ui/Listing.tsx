/**
 * A section's listing of records from its table definition (the one its export uses), in the URL's state: up to
 * `browserMax` records, every one goes to the browser's table (with its own CSV of the filtered rows); above, the
 * server sorts, filters and pages, and the browser receives one page. A listing that may hold tens of thousands of
 * records (a study's adverse events, a test's results) is always the server's (browserMax 0).
 */
import { DataTable } from "@/components/data-table/DataTable";
import { ServerDataTable } from "@/components/data-table/ServerDataTable";
import { packRows } from "@/lib/tables/packed-rows";
import { ROW_ID, tablePage } from "@/lib/tables/server-table";
import type { TableDef } from "@/lib/tables/table-def";
import { defaultState, parseTableState } from "@/lib/tables/url-state";
import type { ExportKey } from "../export-keys";

export interface ListingProps<R> {
  /** The definition, with its URL state's options. */
  def: TableDef<R>;
  caption: string;
  /** The page's URL search parameters, which hold the listing's state under `urlPrefix`. */
  searchParams: URLSearchParams;
  urlPrefix: string;
  exportAs?: ExportKey;
  pageSizes?: number[];
  /** The most records the browser's table is given whole; 0: always the server's. */
  browserMax?: number;
  /**
   * The count the choice is made by: the rows by default; a study's records, so that a filter does not turn the
   * browser's table into the server's.
   */
  size?: number;
  /** The page states how many records the listing holds: its pager does not say it again. */
  countStated?: boolean;
}

export function Listing<R>(props: ListingProps<R>) {
  const { def, caption, searchParams, urlPrefix, exportAs, pageSizes, browserMax = 0, size = def.rows.length } = props;
  const { countStated } = props;
  // The rows' element IDs, when the definition gives them: a link to `#<id>` opens and marks that row.
  const rowId = def.rowId ? ROW_ID : undefined;
  if (size <= browserMax) {
    const all = tablePage(
      def.rows,
      def.columns,
      { ...defaultState(def.state!), pageSize: Math.max(1, def.rows.length) },
      def.rowId,
    );
    return (
      <DataTable
        caption={caption}
        columns={all.columns}
        rows={packRows(all.rows)}
        urlPrefix={urlPrefix}
        exportAs={exportAs ?? null}
        pageSizes={pageSizes}
        rowId={rowId}
        countStated={countStated}
      />
    );
  }
  return (
    <ServerDataTable
      caption={caption}
      page={tablePage(def.rows, def.columns, parseTableState(searchParams, def.state!), def.rowId)}
      pageSizes={pageSizes}
      urlPrefix={urlPrefix}
      exportAs={exportAs}
      rowId={rowId}
      countStated={countStated}
    />
  );
}

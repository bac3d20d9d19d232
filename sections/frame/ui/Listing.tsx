/**
 * A section's listing of records from its table definition (the one its export uses), in the URL's state: up to
 * `browserMax` records, every one goes to the browser's table (with its own CSV of the filtered rows); above, the
 * server sorts, filters and pages, and the browser receives one page. A listing that may hold tens of thousands of
 * records (a study's adverse events, a test's results) is always the server's (browserMax 0).
 */
import { DataTable } from "@/components/data-table/DataTable";
import { ServerDataTable } from "@/components/data-table/ServerDataTable";
import type { UserStudy } from "@/lib/study/open-user-study";
import { packRows } from "@/lib/tables/packed-rows";
import { ROW_ID, type TablePage, tablePage } from "@/lib/tables/server-table";
import type { TableDef } from "@/lib/tables/table-def";
import { defaultState, parseTableState } from "@/lib/tables/url-state";
import type { ExportKey } from "../export-keys";
import { changedDetails, isReviewedTable, pageReview, reviewedTable } from "../reviewed-table";
import { ReviewedTable } from "./ReviewedTable";

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
  // A table of records in a section page is reviewed there (docs/review.md): it gets its review column.
  const study = pageReview();
  const recordType = props.def.records?.recordType;
  if (study && isReviewedTable(recordType)) return <ReviewedListing {...props} study={study} recordType={recordType} />;
  return <ListingTable {...props} page={listingPage(props)} />;
}

/** The page of rows the listing shows: all of them for the browser's table, the URL's page for the server's. */
function listingPage<R>({ def, searchParams, browserMax = 0, size = def.rows.length }: ListingProps<R>): TablePage {
  if (size <= browserMax) {
    const all = { ...defaultState(def.state!), pageSize: Math.max(1, def.rows.length) };
    return tablePage(def.rows, def.columns, all, def.rowId);
  }
  return tablePage(def.rows, def.columns, parseTableState(searchParams, def.state!), def.rowId);
}

const inBrowser = <R,>({ def, browserMax = 0, size = def.rows.length }: ListingProps<R>) => size <= browserMax;

async function ReviewedListing<R>(props: ListingProps<R> & { study: UserStudy; recordType: string }) {
  const { study, recordType } = props;
  const def = await reviewedTable(props.def, study);
  const reviewed = { ...props, def };
  const page = listingPage(reviewed);
  await changedDetails(page.rows, recordType, study);
  return (
    <ReviewedTable
      recordType={recordType}
      exportAs={props.exportAs}
      // The browser's table filters its rows itself: the server does not know how many it shows.
      shown={inBrowser(props) ? null : page.filtered}
      canMark={study.past === undefined && props.def.records?.markable !== false}
    >
      <ListingTable {...reviewed} page={page} />
    </ReviewedTable>
  );
}

function ListingTable<R>(props: ListingProps<R> & { page: TablePage }) {
  const { def, page, caption, urlPrefix, exportAs, pageSizes, countStated } = props;
  // The rows' element IDs, when the definition gives them: a link to `#<id>` opens and marks that row.
  const rowId = def.rowId ? ROW_ID : undefined;
  if (inBrowser(props))
    return (
      <DataTable
        caption={caption}
        columns={page.columns}
        rows={packRows(page.rows)}
        urlPrefix={urlPrefix}
        exportAs={exportAs ?? null}
        pageSizes={pageSizes}
        rowId={rowId}
        countStated={countStated}
      />
    );
  return (
    <ServerDataTable
      caption={caption}
      page={page}
      pageSizes={pageSizes}
      urlPrefix={urlPrefix}
      exportAs={exportAs}
      rowId={rowId}
      countStated={countStated}
    />
  );
}

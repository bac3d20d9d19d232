/**
 * A listing of laboratory or vital-sign results (a test's, or those a data note counts), sorted, filtered and
 * paged on the server (a test holds tens of thousands of results at the benchmark's scale): the browser receives
 * one page, and its export is written by the server from the same definition (./measurement-columns.ts).
 */
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import type { ExportKey } from "../export-keys";
import { measurementDef, RESULTS_PAGE_SIZES, RESULTS_PREFIX } from "../measurement-columns";
import { Listing } from "./Listing";

export function MeasurementTable({
  rows,
  searchParams,
  studyHref,
  caption,
  testHeader = "Test",
  exportAs,
  rowId,
  countStated,
}: {
  rows: readonly MeasurementRow[];
  searchParams: URLSearchParams;
  studyHref: string;
  caption: string;
  /** What the results' test is called: "Test", or "Item" for vital signs. */
  testHeader?: string;
  exportAs?: ExportKey;
  /** Each result's row element ID, where a link may open it (only one listing of a page may give them). */
  rowId?: (row: MeasurementRow) => string;
  /** The page states how many results the listing holds (its heading): the pager does not say it again. */
  countStated?: boolean;
}) {
  return (
    <Listing
      def={{ ...measurementDef(rows, studyHref, testHeader), rowId }}
      caption={caption}
      searchParams={searchParams}
      pageSizes={RESULTS_PAGE_SIZES}
      urlPrefix={RESULTS_PREFIX}
      exportAs={exportAs}
      countStated={countStated}
    />
  );
}

/**
 * A listing of laboratory or vital-sign results (a test's, or those a data note counts), sorted, filtered and
 * paged on the server (a test holds tens of thousands of results at the benchmark's scale): the browser receives
 * one page, and its export is written by the server from the same definition (./measurement-columns.ts).
 */
import { ServerDataTable } from "@/components/data-table/ServerDataTable";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import { tablePage } from "@/lib/tables/server-table";
import { parseTableState } from "@/lib/tables/url-state";
import { measurementDef, RESULTS_PAGE_SIZES, RESULTS_PREFIX } from "../measurement-columns";

export function MeasurementTable({
  rows,
  params,
  studyHref,
  caption,
  testHeader = "Test",
  exportAs,
}: {
  rows: readonly MeasurementRow[];
  params: URLSearchParams;
  studyHref: string;
  caption: string;
  /** What the results' test is called: "Test", or "Item" for vital signs. */
  testHeader?: string;
  exportAs?: { view: string; table: string };
}) {
  const def = measurementDef(rows, studyHref, testHeader);
  const state = parseTableState(params, def.state!);
  return (
    <ServerDataTable
      caption={caption}
      page={tablePage(rows, def.columns, state)}
      pageSizes={RESULTS_PAGE_SIZES}
      urlPrefix={RESULTS_PREFIX}
      exportAs={exportAs}
    />
  );
}

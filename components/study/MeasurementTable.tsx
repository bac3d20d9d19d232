/**
 * A listing of laboratory or vital-sign results (a test's, or those a data note counts), sorted, filtered and
 * paged on the server (a test holds tens of thousands of results at the benchmark's scale): the browser receives
 * one page. Each subject opens the subject's profile; the reference range is shown as sent, next to the flag read
 * from it.
 */
import { ServerDataTable } from "@/components/data-table/ServerDataTable";
import type { MeasurementRow } from "@/lib/clinical/measurement-rows";
import { hasBounds, parseReferenceRange, rangeFlag } from "@/lib/clinical/reference-range";
import { type TableColumn, tablePage } from "@/lib/tables/server-table";
import { parseTableState } from "@/lib/tables/url-state";
import { subjectHref } from "./sections";

const PAGE_SIZES = [25, 50, 100];
export const RESULTS_PREFIX = "res.";

/** The flag of a result as the listing shows it: L, N or H, or why there is none. */
export function flagText(row: Pick<MeasurementRow, "value" | "range">): string {
  if (row.value === null) return "";
  if (row.range === null) return "no range";
  const range = parseReferenceRange(row.range);
  return hasBounds(range) ? (rangeFlag(row.value, range) ?? "") : "range is text";
}

const unitLabel = (unit: string | null) => unit ?? "(no unit)";

function columns(studyHref: string, testHeader: string): TableColumn<MeasurementRow>[] {
  return [
    {
      id: "subject",
      header: "Subject",
      value: (r) => r.subjectId,
      link: (r) => r.subjectId && subjectHref(studyHref, r.subjectId),
    },
    { id: "visit", header: "Visit", value: (r) => r.visit },
    { id: "collected", header: "Collected", value: (r) => r.collectedAt },
    { id: "test", header: testHeader, value: (r) => r.test },
    { id: "value", header: "Value", type: "number", value: (r) => r.value },
    { id: "text", header: "Text result", value: (r) => r.text },
    { id: "unit", header: "Unit", value: (r) => (r.value === null ? r.unit : unitLabel(r.unit)) },
    { id: "range", header: "Reference range (as sent)", value: (r) => r.range },
    { id: "flag", header: "Flag", value: flagText },
  ];
}

export function MeasurementTable({
  rows,
  params,
  studyHref,
  caption,
  testHeader = "Test",
}: {
  rows: readonly MeasurementRow[];
  params: URLSearchParams;
  studyHref: string;
  caption: string;
  /** What the results' test is called: "Test", or "Item" for vital signs. */
  testHeader?: string;
}) {
  const cols = columns(studyHref, testHeader);
  const state = parseTableState(params, {
    columns: cols.map((c) => c.id),
    pageSizes: PAGE_SIZES,
    prefix: RESULTS_PREFIX,
  });
  return (
    <ServerDataTable
      caption={caption}
      page={tablePage(rows, cols, state)}
      pageSizes={PAGE_SIZES}
      urlPrefix={RESULTS_PREFIX}
    />
  );
}

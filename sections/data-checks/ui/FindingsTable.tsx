/**
 * The findings as a table (in the browser: a study has a few findings per rule, not thousands), each record a
 * link to where it is listed (../tables.ts), with the export of exactly the rows the table's filters keep.
 */
import { DataTable } from "@/components/data-table/DataTable";
import { packTable } from "@/lib/tables/packed-rows";
import type { ReviewedChecksView } from "../finding-review";
import { DATA_CHECK_TABLES, findingsTable } from "../tables";

export function FindingsTable({
  view,
  studyHref,
  study,
}: {
  view: ReviewedChecksView;
  studyHref: string;
  study: string;
}) {
  return (
    <DataTable {...packTable(findingsTable(view, studyHref, study))} exportAs={DATA_CHECK_TABLES.key("findings")} />
  );
}

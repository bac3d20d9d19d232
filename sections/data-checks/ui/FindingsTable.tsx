/**
 * The findings as a table (in the browser: a study has a few findings per rule, not thousands), each record a
 * link to where it is listed (./findings-table.ts), with the export of exactly the rows the table's filters keep.
 */
import { DataTable } from "@/components/data-table/DataTable";
import { packTable } from "@/lib/tables/packed-rows";
import type { DataChecksView } from "@/sections/data-checks/load";
import { findingsTable } from "../tables";

export function FindingsTable({ view, studyHref, study }: { view: DataChecksView; studyHref: string; study: string }) {
  return (
    <DataTable
      {...packTable(findingsTable(view, studyHref, study))}
      exportAs={{ view: "data-checks", table: "findings" }}
    />
  );
}

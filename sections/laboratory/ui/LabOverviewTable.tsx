/** The laboratory test overview (labOverviewTable of ../overview-table.ts) in the browser's table, with its export. */
import { DataTable } from "@/components/data-table/DataTable";
import type { LabOverviewRow } from "@/lib/clinical/laboratory/overview";
import { packTable } from "@/lib/tables/packed-rows";
import type { LabTestSummary } from "../load";
import { labOverviewTable } from "../overview-table";
import { LAB_TABLES } from "../tables";

export function LabOverviewTable({
  rows,
  tests,
  base,
  study,
}: {
  rows: LabOverviewRow[];
  tests: LabTestSummary[];
  base: string;
  study: string;
}) {
  return <DataTable {...packTable(labOverviewTable(rows, tests, base, study))} exportAs={LAB_TABLES.key("overview")} />;
}

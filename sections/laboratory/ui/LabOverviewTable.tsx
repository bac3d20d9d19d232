/** The laboratory test overview (./lab-overview-table.ts) in the browser's table, with its export. */
import { DataTable } from "@/components/data-table/DataTable";
import type { LabOverviewRow } from "@/lib/clinical/laboratory/overview";
import { packTable } from "@/lib/tables/packed-rows";
import type { LabTestSummary } from "@/sections/laboratory/load";
import { labOverviewTable } from "../lab-overview-table";

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
  return (
    <DataTable
      {...packTable(labOverviewTable(rows, tests, base, study))}
      exportAs={{ view: "laboratory", table: "overview" }}
    />
  );
}

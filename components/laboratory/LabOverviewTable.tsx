/** The laboratory test overview (./lab-overview-table.ts) in the browser's table, with its export. */
import { DataTable } from "@/components/data-table/DataTable";
import type { LabOverviewRow } from "@/lib/clinical/laboratory/overview";
import type { LabTestSummary } from "@/lib/study-views/load-laboratory";
import { packTable } from "@/lib/tables/packed-rows";
import { labOverviewTable } from "./lab-overview-table";

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

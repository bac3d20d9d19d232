/**
 * A browser's table of records (PlainTable.records: a subject's adverse events, say). In a section page it is
 * reviewed there (docs/review.md): its Review column first, each row's Mark or Unmark, and "Mark every row shown";
 * elsewhere (a test's render) the table as it is.
 */
import { DataTable } from "@/components/data-table/DataTable";
import type { UserStudy } from "@/lib/study/open-user-study";
import { packTable } from "@/lib/tables/packed-rows";
import type { PlainTable } from "@/lib/tables/table-def";
import type { ExportKey } from "../export-keys";
import { pageReview, reviewedPlainTable } from "../reviewed-table";
import { ReviewedTable } from "./ReviewedTable";

interface Props {
  table: PlainTable;
  exportAs: ExportKey | null;
  /** The row property holding each row's element ID (DataTable's rowId). */
  rowId?: string;
}

export function RecordsTable(props: Props) {
  const study = pageReview();
  if (study && props.table.records) return <Reviewed {...props} study={study} />;
  return <DataTable {...packTable(props.table)} exportAs={props.exportAs} rowId={props.rowId} />;
}

async function Reviewed({ table, exportAs, rowId, study }: Props & { study: UserStudy }) {
  const reviewed = await reviewedPlainTable(table, study);
  return (
    <ReviewedTable
      recordType={table.records?.recordType ?? ""}
      exportAs={exportAs ?? undefined}
      // The browser's table filters its rows itself: the server does not know how many it shows.
      shown={null}
      canMark={study.past === undefined}
    >
      <DataTable {...packTable(reviewed)} exportAs={exportAs} rowId={rowId} />
    </ReviewedTable>
  );
}

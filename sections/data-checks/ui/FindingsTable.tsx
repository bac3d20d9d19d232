/**
 * The findings as a table (in the browser: a study has a few findings per rule, not thousands), each record a
 * link to where it is listed (../tables.ts), with the export of exactly the rows the table's filters keep; on the
 * latest data, each finding's button marks it seen (./SeenFindings.tsx).
 */
import { DataTable } from "@/components/data-table/DataTable";
import { packTable } from "@/lib/tables/packed-rows";
import { pageReview } from "@/sections/frame/reviewed-table";
import type { ReviewedChecksView } from "../finding-review";
import { DATA_CHECK_TABLES, findingsTable } from "../tables";
import { SeenFindings } from "./SeenFindings";

interface Props {
  view: ReviewedChecksView;
  studyHref: string;
  study: string;
}

export function FindingsTable({ view, studyHref, study }: Props) {
  // Findings are marked seen on the latest data only: a past snapshot's page is read-only.
  const reviewer = pageReview();
  const canMark = view.review !== undefined && reviewer !== undefined && reviewer.past === undefined;
  const table = (
    <DataTable
      {...packTable(findingsTable(view, studyHref, study, canMark))}
      exportAs={DATA_CHECK_TABLES.key("findings")}
    />
  );
  return canMark ? <SeenFindings>{table}</SeenFindings> : table;
}

/**
 * A study's laboratory or vital-sign results that a data note counts (`issue=` in the URL), over every test or
 * item: what the note's count opens, so that the number in the note is the number of rows here. Each result's row
 * has its element ID (resultRowId), where a data check's finding opens it.
 */
import Link from "next/link";
import { ISSUE_TITLE, type MeasurementIssue } from "@/lib/clinical/measurements/issues";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import { resultRowId } from "../addresses";
import type { ExportKey } from "../export-keys";
import { issueCaption } from "../issue-caption";
import { MeasurementTable } from "./MeasurementTable";

interface Props {
  issue: { issue: MeasurementIssue; rows: readonly MeasurementRow[] };
  /** The id of the listing's heading, where the note's link leads. */
  anchor: string;
  /** Where the listing closes: the section without it. */
  closeHref: string;
  /** "laboratory results of study ONC-101, every test". */
  of: string;
  /** What the results' test is called in the table ("Test", "Item"). */
  testHeader: string;
  studyHref: string;
  searchParams: URLSearchParams;
  /** The listing among the server's exports. */
  exportAs: ExportKey;
}

export function IssueListing({ issue, anchor, closeHref, of, testHeader, studyHref, searchParams, exportAs }: Props) {
  const title = ISSUE_TITLE[issue.issue];
  return (
    <section aria-labelledby={anchor}>
      <h3 id={anchor}>
        {title} ({issue.rows.length.toLocaleString("en")})
      </h3>
      <p>
        What the data note counts, of every {testHeader.toLowerCase()}. <Link href={closeHref}>Close this listing</Link>
      </p>
      <MeasurementTable
        rows={issue.rows}
        searchParams={searchParams}
        studyHref={studyHref}
        caption={issueCaption(issue.issue, of)}
        testHeader={testHeader}
        exportAs={exportAs}
        rowId={(r) => resultRowId(r.id)}
        countStated
      />
    </section>
  );
}

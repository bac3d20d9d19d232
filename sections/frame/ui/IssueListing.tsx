/**
 * A study's laboratory or vital-sign results that a data note counts (`issue=` in the URL), over every test or
 * item: what the note's count opens, so that the number in the note is the number of rows here. Each result's row
 * has its element ID (resultRowId), where a data check's finding opens it.
 */
import { ISSUE_TITLE, type MeasurementIssue } from "@/lib/clinical/measurements/issues";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import { resultRowId } from "../addresses";
import { issueCaption } from "../issue-caption";
import { AcrossTestsListing, type AcrossTestsProps } from "./AcrossTestsListing";

interface Props extends Omit<AcrossTestsProps, "rows"> {
  issue: { issue: MeasurementIssue; rows: readonly MeasurementRow[] };
  /** "laboratory results of study ONC-101, every test". */
  of: string;
}

export function IssueListing({ issue, of, ...listing }: Props) {
  return (
    <AcrossTestsListing
      {...listing}
      rows={issue.rows}
      title={ISSUE_TITLE[issue.issue]}
      lead={`What the data note counts, of every ${listing.testHeader.toLowerCase()}.`}
      caption={issueCaption(issue.issue, of)}
      rowId={(r) => resultRowId(r.id)}
    />
  );
}

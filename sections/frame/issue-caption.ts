import { ISSUE_TITLE, type MeasurementIssue } from "@/lib/clinical/measurements/issues";

/** The caption of the results a data note counts (./IssueListing.tsx), which its export's title repeats. */
export const issueCaption = (issue: MeasurementIssue, of: string) => `${ISSUE_TITLE[issue]}: ${of}`;

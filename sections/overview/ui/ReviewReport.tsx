/** The Overview's review report (docs/review.md, The review report): what it holds, and its export control. */
import { ExportControl } from "@/components/export/ExportControl";
import { reviewReportTitle } from "../report";
import { OVERVIEW_PLACES, OVERVIEW_TABLES } from "../tables";

export function ReviewReport({ study }: { study: string }) {
  return (
    <>
      <h3 id={OVERVIEW_PLACES.report.anchor}>Review report</h3>
      <p>
        Every adverse event, laboratory result, vital sign, medication and response assessment of the study, one row
        each: your review, every reviewer of your organisation who marked it (their status and when), and its comments.
        Written as CSV or Excel; the file&apos;s About sheet names the study snapshot the rows are, by its fingerprint.
      </p>
      <ExportControl {...OVERVIEW_TABLES.key("report")} label={reviewReportTitle(study)} />
    </>
  );
}

/**
 * Every laboratory result of the study as one file, every test in the partner's order (the listing columns of a
 * test's results): no page shows a million rows, but a coordinator may need them all.
 */
import { ExportControl } from "@/components/export/ExportControl";
import { LAB_TABLES } from "../tables";

export function AllResultsExport({ study, results }: { study: string; results: number }) {
  return (
    <section aria-labelledby="all-results">
      <h3 id="all-results">Every result</h3>
      <p>
        All {results.toLocaleString("en")} laboratory results of study {study}, every test, in one file with the columns
        of a test&apos;s listing.
      </p>
      <ExportControl {...LAB_TABLES.key("all-results")} label={`Every laboratory result of study ${study}`} />
    </section>
  );
}

/**
 * The Laboratory section's content (a server component): one test (`?test=`) with its charts, shift tables and
 * listing (./LabTestView), or the overview of every test with the issue listing a data note opened and the export of
 * all results.
 */

import type { SectionPlace } from "@/sections/frame/section-place";
import { IssueListing } from "@/sections/frame/ui/IssueListing";
import type { LaboratoryView } from "@/sections/laboratory/load";
import type { LabQuery } from "@/sections/laboratory/query";
import { ISSUE_ANCHOR } from "../notes";
import { AllResultsExport } from "./AllResultsExport";
import { LabOverviewTable } from "./LabOverviewTable";
import { LabTestView } from "./LabTestView";
import { TestPicker } from "./TestPicker";

export function LaboratoryContent({ view, lab, place }: { view: LaboratoryView; lab: LabQuery; place: SectionPlace }) {
  const { study, studyHref, base, searchParams: params } = place;
  if (view.test)
    return <LabTestView view={view} query={lab} base={base} study={study} studyHref={studyHref} params={params} />;
  return (
    <>
      {view.unknownTest ? (
        <p role="status">The test named in the address is not among this study&apos;s results: all tests are shown.</p>
      ) : null}
      {view.issue ? (
        <IssueListing
          issue={view.issue}
          anchor={ISSUE_ANCHOR}
          closeHref={base}
          of={`laboratory results of study ${study}, every test`}
          testHeader="Test"
          studyHref={studyHref}
          params={params}
          exportAs={{ view: "laboratory", table: "issue" }}
        />
      ) : null}
      <TestPicker tests={view.tests} current={null} base={base} />
      <LabOverviewTable rows={view.overview} tests={view.tests} base={base} study={study} />
      <AllResultsExport study={study} results={view.overview.reduce((n, r) => n + r.results, 0)} />
    </>
  );
}

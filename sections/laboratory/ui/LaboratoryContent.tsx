/**
 * The Laboratory section's content (a server component): one test (`?test=`) with its charts, shift tables and
 * listing (./LabTestContent), or the overview of every test with the issue listing a data note opened (or the
 * listing of one visit's results, `at=`) and the export of all results.
 */

import type { SectionPlace } from "@/sections/frame/section-place";
import { Convention } from "@/sections/frame/ui/Convention";
import { HowComputed } from "@/sections/frame/ui/HowComputed";
import { IssueListing } from "@/sections/frame/ui/IssueListing";
import { VisitPart } from "@/sections/frame/ui/VisitListing";
import { issueListingOf, visitListingCaption } from "../listing-caption";
import type { LaboratoryView } from "../load";
import { ISSUE_ANCHOR, type LabQuery } from "../query";
import { LAB_TABLES } from "../tables";
import { AllResultsExport } from "./AllResultsExport";
import { LabOverviewTable } from "./LabOverviewTable";
import { LabTestContent } from "./LabTestContent";
import { TestPicker } from "./TestPicker";

export function LaboratoryContent({
  view,
  query,
  place,
}: {
  view: LaboratoryView;
  query: LabQuery;
  place: SectionPlace;
}) {
  const { study, studyHref, base, searchParams } = place;
  if (view.test) return <LabTestContent view={view} test={view.test} query={query} place={place} />;
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
          of={issueListingOf(study)}
          testHeader="Test"
          studyHref={studyHref}
          searchParams={searchParams}
          exportAs={LAB_TABLES.key("issue")}
        />
      ) : null}
      <VisitPart
        visit={view.visit}
        unknown={view.unknownVisit}
        records="results"
        closeHref={base}
        caption={(visit) => visitListingCaption(study, visit)}
        testHeader="Test"
        studyHref={studyHref}
        searchParams={searchParams}
        exportAs={LAB_TABLES.key("visit")}
      />
      <TestPicker tests={view.tests} current={null} base={base} />
      <HowComputed gist="every result as sent, flagged against its own range">
        <Convention anchor="test-overview">
          Every result as sent, each flagged L or H against its own record&apos;s range; percentages of the results with
          a readable range.
        </Convention>
      </HowComputed>
      <LabOverviewTable rows={view.overview} tests={view.tests} base={base} study={study} />
      <AllResultsExport study={study} results={view.overview.reduce((n, r) => n + r.results, 0)} />
    </>
  );
}

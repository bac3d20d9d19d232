import { AllResultsExport } from "@/components/laboratory/AllResultsExport";
import { LabOverviewTable } from "@/components/laboratory/LabOverviewTable";
import { LaboratoryViews } from "@/components/laboratory/LaboratoryViews";
import { LabTestView } from "@/components/laboratory/LabTestView";
import { ISSUE_ANCHOR, laboratoryNotes } from "@/components/laboratory/laboratory-notes";
import { TestPicker } from "@/components/laboratory/TestPicker";
import { IssueListing } from "@/components/study/IssueListing";
import { StudySection } from "@/components/study/StudySection";
import { sectionMetadata } from "@/components/study/section-metadata";
import { openSectionPage, type SectionPageProps } from "@/components/study/section-page";
import { parseLabQuery } from "@/lib/study-views/laboratory-query";
import { loadLaboratory } from "@/lib/study-views/load-laboratory";
import { refreshStudy } from "../actions";

/** The Laboratory section: the test overview, or one test (`?test=`) with its charts, shift tables and listing. */
export const generateMetadata = sectionMetadata("laboratory");

export default async function LaboratoryPage(props: SectionPageProps) {
  const { access, place } = await openSectionPage(props, "laboratory");
  const { params: query, studyHref, base } = place;
  const lab = parseLabQuery(query);
  return (
    <StudySection
      access={access}
      section="laboratory"
      load={(study) => loadLaboratory(study, lab)}
      refreshAction={refreshStudy}
      notes={(view) => laboratoryNotes(view, base)}
      views={<LaboratoryViews studyHref={studyHref} />}
    >
      {(view) => (
        <>
          {view.test ? (
            <LabTestView
              view={view}
              query={lab}
              base={base}
              study={access.study}
              studyHref={studyHref}
              params={query}
            />
          ) : (
            <>
              {view.unknownTest ? (
                <p role="status">
                  The test named in the address is not among this study&apos;s results: all tests are shown.
                </p>
              ) : null}
              {view.issue ? (
                <IssueListing
                  issue={view.issue}
                  anchor={ISSUE_ANCHOR}
                  closeHref={base}
                  of={`laboratory results of study ${access.study}, every test`}
                  testHeader="Test"
                  studyHref={studyHref}
                  params={query}
                  exportAs={{ view: "laboratory", table: "issue" }}
                />
              ) : null}
              <TestPicker tests={view.tests} current={null} base={base} />
              <LabOverviewTable rows={view.overview} tests={view.tests} base={base} study={access.study} />
              <AllResultsExport study={access.study} results={view.overview.reduce((n, r) => n + r.results, 0)} />
            </>
          )}
        </>
      )}
    </StudySection>
  );
}

/**
 * A subject's response page's content (a server component): the subject's best overall responses under the
 * options, every assessment recomputed beside the signed one, every lesion at every assessment, and the chart of
 * the target lesions; links to the subject's profile and back to the summary. A subject the study has no response
 * records of says so, with the way back.
 */
import Link from "next/link";
import { DataTable } from "@/components/data-table/DataTable";
import uiStyles from "@/components/ui/ui.module.css";
import { packTable } from "@/lib/tables/packed-rows";
import { RESPONSE_ASSESSMENTS, responseSubjectHref, subjectHref } from "@/sections/frame/addresses";
import { shownSubjectId } from "@/sections/frame/subject-id";
import { RecordsTable } from "@/sections/frame/ui/RecordsTable";
import { LESIONS_ANCHOR, SUBJECTS_ANCHOR, summaryHref } from "../addresses";
import type { FoundSubject, ResponsePageView } from "../load";
import type { ResponseQuery } from "../query";
import { assessmentsTable, lesionsTable, RESPONSE_PAGE_TABLES } from "../tables";
import { DayOneConvention } from "./DayOneConvention";
import { LesionChart } from "./LesionChart";
import { lesionChartData } from "./lesion-chart-data";
import { NoResponseData } from "./NoResponseData";
import { ResponseOptionsForm } from "./ResponseOptionsForm";
import { SubjectBorSummary } from "./SubjectBorSummary";

export interface ResponsePageContentProps {
  view: ResponsePageView;
  subjectId: string;
  study: string;
  studyHref: string;
  query: ResponseQuery;
  /** The page's search parameters (the tables' state, kept by the options' form). */
  searchParams: URLSearchParams;
}

export function ResponsePageContent({
  view,
  subjectId,
  study,
  studyHref,
  query,
  searchParams,
}: ResponsePageContentProps) {
  const back = summaryHref(studyHref, query, SUBJECTS_ANCHOR);
  if (!view.found) {
    if (!view.hasResponseData) return <NoResponseData study={study} />;
    return (
      <div role="alert">
        <p>
          Study {study} has no tumour response records of subject &ldquo;{shownSubjectId(subjectId)}&rdquo;: the partner
          sent no response assessment for this subject ID, and it is not in the study&apos;s Group. Check the address,
          or open the subject from the summary&apos;s list of subjects.
        </p>
        <Link href={back}>Back to the tumour response summary</Link>
      </div>
    );
  }
  return (
    <>
      <p className={uiStyles.toolbar}>
        <Link href={subjectHref(studyHref, subjectId)}>Subject profile of {shownSubjectId(subjectId)}</Link>
        <Link href={back}>Back to the summary&apos;s subjects</Link>
      </p>
      <SubjectBorSummary subject={view.subject} options={view.options} />
      <DayOneConvention dayOne={view.dayOne} />
      <ResponseOptionsForm
        options={view.options}
        dayOne={query.dayOne}
        action={responseSubjectHref(studyHref, subjectId)}
        searchParams={searchParams}
      />
      <SubjectTables view={view} subjectId={subjectId} />
    </>
  );
}

const STUDY_DAY_SOURCE = {
  "first dose": "the first dose of study medication",
  "first response assessment": "the first response assessment (no dated study medication)",
  "first laboratory collection": "the first laboratory collection",
} as const;

function SubjectTables({ view, subjectId }: { view: FoundSubject; subjectId: string }) {
  const { subject: s, lesions, reference } = view;
  const assessments = assessmentsTable(view, subjectId);
  const grid = lesionsTable(view, subjectId);
  const chart = lesionChartData(s, lesions);
  return (
    <>
      <section id={RESPONSE_ASSESSMENTS.anchor} aria-labelledby={`${RESPONSE_ASSESSMENTS.anchor}-title`}>
        <h3 id={`${RESPONSE_ASSESSMENTS.anchor}-title`}>Assessments</h3>
        <p>
          {reference
            ? `Study day 1 is ${reference.date}, ${STUDY_DAY_SOURCE[reference.source]}, as on the subject's ` +
              "profile; the day before day 1 is day -1 (no day 0). "
            : "No study days: the subject has no dated study medication or assessment. "}
          Days since baseline count from the baseline assessment's date (the baseline is day 0); the times of the
          response count the same way from day 1 of the response times (above). Reported values are the partner&apos;s;
          recomputed ones are the portal&apos;s, from the lesions. Flags marked ≠ are where the two disagree (by more
          than 0.1 mm for sums and changes).
        </p>
        {assessments.rows.length === 0 ? (
          <p>The partner sent no response assessment for this subject.</p>
        ) : (
          <RecordsTable table={assessments} exportAs={RESPONSE_PAGE_TABLES.key("assessments")} rowId="anchor" />
        )}
      </section>
      <section id={LESIONS_ANCHOR} aria-labelledby={`${LESIONS_ANCHOR}-title`}>
        <h3 id={`${LESIONS_ANCHOR}-title`}>Lesions</h3>
        {grid.rows.length === 0 ? (
          <p>No lesion reading of this subject belongs to any of its assessments.</p>
        ) : (
          <DataTable {...packTable(grid)} exportAs={RESPONSE_PAGE_TABLES.key("lesions")} />
        )}
        <LesionChart {...chart} subject={subjectId} exportAs={RESPONSE_PAGE_TABLES.key("lesion-chart")} />
      </section>
    </>
  );
}

/**
 * A subject's profile inside its section frame: the header with the way
 * through the subject list, the study drug's exposure, the study days and
 * the timeline, the tables of the subject's records, and the laboratory and
 * vital-sign section; or, for a subject ID
 * that is not in the study, a plain "not found" with the way back.
 */
import Link from "next/link";
import { pack } from "@/lib/payload/packed-json";
import { STATUS_WORDS } from "@/lib/review/record-type-review";
import { subjectHref } from "@/sections/frame/addresses";
import { pageReview } from "@/sections/frame/reviewed-table";
import type { SectionPlace } from "@/sections/frame/section-place";
import { isFilterableSubject, onlySubject, parseStudyFilter, withStudyFilter } from "@/sections/frame/study-filter";
import { shownSubjectId } from "@/sections/frame/subject-id";
import { plural } from "@/sections/frame/ui/notices";
import type { SubjectProfile, SubjectProfileView } from "../load";
import { RECORD_TABLES, STUDY_DAYS_ANCHOR, subjectListHref } from "../query";
import { timelineOf } from "../timeline-table";
import { keptSearchParams } from "./kept-state";
import { StudyDays } from "./StudyDays";
import { SubjectHeader, SubjectNav } from "./SubjectHeader";
import { SubjectMeasurements } from "./SubjectMeasurements";
import { SubjectRecordTables } from "./SubjectRecordTables";
import { SubjectReview } from "./SubjectReview";
import { SubjectStudyDrug } from "./SubjectStudyDrug";
import { SubjectSummary } from "./SubjectSummary";
import { SubjectTimeline } from "./SubjectTimeline";

interface Props {
  view: SubjectProfileView;
  /** The page's place: its study, and its search parameters (the measurements' state is read from them). */
  place: SectionPlace;
}

export function SubjectProfileContent({ view, place }: Props) {
  const { study, studyHref } = place;
  if (!view.found) {
    const back = subjectListHref(studyHref, view.listSearch);
    return (
      <div role="alert">
        <p>
          Subject &ldquo;{shownSubjectId(view.subjectId)}&rdquo; was not found in study {study}: the partner sent no
          Patient record with this subject ID. Check the address, or open the subject from the subject list.
        </p>
        <Link href={back}>Back to the subject list</Link>
      </div>
    );
  }
  // The page's other state as understood, which its links keep (./kept-state.ts).
  const kept = keptSearchParams(place.searchParams);
  return (
    <>
      <SubjectNav
        studyHref={studyHref}
        neighbours={view.neighbours}
        dayOne={view.dayOne}
        onlyHref={onlyThisSubjectHref(studyHref, view.subject.subjectId, place.searchParams)}
        filter={parseStudyFilter(place.searchParams)}
      />
      <SubjectHeader subject={view.subject} />
      {view.review ? (
        <SubjectReview
          subjectId={view.subject.subjectId}
          words={STATUS_WORDS[view.review]}
          reviewed={view.review === "reviewed"}
          canMark={isLatest()}
        />
      ) : null}
      <SubjectSummary
        subjectId={view.subject.subjectId}
        birthYear={view.subject.birthYear}
        facts={view.facts}
        studyHref={studyHref}
      />
      <SubjectStudyDrug view={view} kept={kept} />
      <TimelineSection view={view} kept={kept} />
      <SubjectRecordTables view={view} studyHref={studyHref} />
      <section id={RECORD_TABLES.measurements.anchor} aria-labelledby="subject-measurements-title">
        <h3 id="subject-measurements-title">Laboratory and vital signs</h3>
        <p>
          {plural(view.labs.length, "laboratory result")}, {plural(view.vitals.length, "vital sign")}.
        </p>
        <SubjectMeasurements
          labs={view.labs}
          vitals={view.vitals}
          adverseEvents={view.adverseEvents}
          searchParams={place.searchParams}
          subject={view.subject.subjectId}
          memo={view.memo}
          dayOne={view.reference}
        />
      </section>
    </>
  );
}

/** The profile with the study filter set to this subject alone; none for an ID the filter cannot name. */
function onlyThisSubjectHref(studyHref: string, subjectId: string, searchParams: URLSearchParams): string | null {
  if (!isFilterableSubject(subjectId)) return null;
  const search = searchParams.toString();
  return withStudyFilter(`${subjectHref(studyHref, subjectId)}${search ? `?${search}` : ""}`, onlySubject(subjectId));
}

function TimelineSection({ view, kept }: { view: SubjectProfile; kept: URLSearchParams }) {
  const { reference, timeline } = view;
  const plotted = timelineOf(view);
  const days = (
    <StudyDays dayOne={view.dayOne} reference={reference} withAssessments={view.studyHasAssessments} kept={kept} />
  );
  if (!reference || !timeline || !plotted)
    return (
      <section aria-labelledby={STUDY_DAYS_ANCHOR}>
        <h3 id={STUDY_DAYS_ANCHOR}>Timeline</h3>
        {days}
        <p>No timeline: this subject has no dated study medication, response assessment or laboratory result.</p>
      </section>
    );
  const source = reference.source;
  return (
    <section aria-labelledby={STUDY_DAYS_ANCHOR}>
      <h3 id={STUDY_DAYS_ANCHOR}>Timeline</h3>
      {days}
      <SubjectTimeline
        items={pack(plotted.items)}
        lanes={plotted.lanes}
        firstDay={timeline.firstDay}
        lastDay={timeline.lastDay}
        axisLabel={`Study day (day 1 = ${source}, ${reference.date})`}
      />
    </section>
  );
}

/** Whether the page shows the latest data, where marks are made (a past snapshot's page is read-only). */
function isLatest(): boolean {
  const reviewer = pageReview();
  return reviewer !== undefined && reviewer.past === undefined;
}

/**
 * The study overview's content (a server component, docs/review.md, The study overview): what changed since the
 * user's last review, by record type and subject, each count opening its records in Changes; then the user's review
 * progress by record type, test and subject, each count opening the records of that status; then every reviewer's.
 */

import type { SectionPlace } from "@/sections/frame/section-place";
import { HowComputed } from "@/sections/frame/ui/HowComputed";
import type { OverviewView } from "../load";
import { testsCaption, testsDef, visitsCaption, visitsDef } from "../measurement-progress";
import {
  commentsCaption,
  commentsDef,
  OVERVIEW_PLACES,
  OVERVIEW_TABLES,
  reviewersCaption,
  reviewersDef,
  subjectsCaption,
  subjectsDef,
  typesCaption,
  typesDef,
} from "../tables";
import { NewFindings } from "./NewFindings";
import { NextInQueue } from "./NextInQueue";
import { OverviewListing } from "./OverviewListing";
import { ReviewReport } from "./ReviewReport";
import { Since } from "./SinceLastReview";

export function OverviewContent({ view, place }: { view: OverviewView; place: SectionPlace }) {
  const { study, studyHref, searchParams } = place;
  return (
    <>
      <HowComputed gist="your reviewed marks against the data served now, and the changes since your last mark">
        <p>
          A record is reviewed when you marked it and its content is the same now; changed since reviewed when you
          marked it and the partner serves it otherwise now; not reviewed when you have not marked it. Your last review
          is the time of your latest mark: what changed since compares the study snapshot you marked it in with the
          latest, as the Changes section does.
        </p>
      </HowComputed>
      <h3>Since your last review</h3>
      <Since since={view.since} place={place} />
      <h3 id={OVERVIEW_PLACES.findings.anchor}>New data-check findings</h3>
      <NewFindings found={view.findings} studyHref={studyHref} />
      <h3 id={OVERVIEW_PLACES.comments.anchor}>Open comments</h3>
      {view.comments.length > 0 ? (
        <OverviewListing
          def={commentsDef(view, studyHref)}
          caption={commentsCaption(study, view.comments.length)}
          searchParams={searchParams}
          urlPrefix={OVERVIEW_PLACES.comments.prefix}
          exportAs={OVERVIEW_TABLES.key("comments")}
        />
      ) : (
        <p>No open comments: the speech bubble in a record&apos;s Review cell opens its thread.</p>
      )}
      <h3>Your review</h3>
      <NextInQueue next={view.nextPlace} studyHref={studyHref} />
      <OverviewListing
        def={typesDef(view, studyHref)}
        caption={typesCaption(study)}
        searchParams={searchParams}
        urlPrefix="ry_"
        exportAs={OVERVIEW_TABLES.key("types")}
      />
      <h3 id={OVERVIEW_PLACES.tests.anchor}>By laboratory test and vital sign</h3>
      <OverviewListing
        def={testsDef(view, studyHref)}
        caption={testsCaption(study)}
        searchParams={searchParams}
        urlPrefix={OVERVIEW_PLACES.tests.prefix}
        exportAs={OVERVIEW_TABLES.key("tests")}
      />
      <h3 id={OVERVIEW_PLACES.visits.anchor}>By visit</h3>
      <OverviewListing
        def={visitsDef(view, studyHref)}
        caption={visitsCaption(study)}
        searchParams={searchParams}
        urlPrefix={OVERVIEW_PLACES.visits.prefix}
        exportAs={OVERVIEW_TABLES.key("visits")}
      />
      <h3 id={OVERVIEW_PLACES.subjects.anchor}>By subject</h3>
      <OverviewListing
        def={subjectsDef(view, studyHref)}
        caption={subjectsCaption(study)}
        searchParams={searchParams}
        urlPrefix={OVERVIEW_PLACES.subjects.prefix}
        exportAs={OVERVIEW_TABLES.key("subjects")}
      />
      <h3 id={OVERVIEW_PLACES.reviewers.anchor}>Reviewers</h3>
      {view.reviewers.length > 0 ? (
        <OverviewListing
          def={reviewersDef(view)}
          caption={reviewersCaption(study)}
          searchParams={searchParams}
          urlPrefix={OVERVIEW_PLACES.reviewers.prefix}
          exportAs={OVERVIEW_TABLES.key("reviewers")}
        />
      ) : (
        <p>No one in your organisation has marked a record of this study reviewed yet.</p>
      )}
      <ReviewReport study={study} />
    </>
  );
}

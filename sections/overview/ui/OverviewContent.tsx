/**
 * The study overview's content (a server component, docs/review.md, The study overview): what changed since the
 * user's last review, by record type and subject, each count opening its records in Changes; then the user's review
 * progress by record type, test and subject, each count opening the records of that status; then every reviewer's.
 */
import Link from "next/link";
import { utcDateTimeWords } from "@/lib/clinical/common/date-time";
import { changesHref, sectionHref } from "@/sections/frame/addresses";
import type { SectionPlace } from "@/sections/frame/section-place";
import { HowComputed } from "@/sections/frame/ui/HowComputed";
import { Listing } from "@/sections/frame/ui/Listing";
import type { OverviewView, SinceLastReview } from "../load";
import { testsCaption, testsDef, visitsCaption, visitsDef } from "../measurement-progress";
import { type SafetySignal, SIGNAL_KINDS, type SignalKind } from "../signals";
import {
  signalKindHref,
  signalsCaption,
  signalsDef,
  sinceSubjectsCaption,
  sinceSubjectsDef,
  sinceTypesCaption,
  sinceTypesDef,
} from "../since-tables";
import {
  commentsCaption,
  commentsDef,
  OVERVIEW_PLACES,
  OVERVIEW_TABLES,
  PAGE_SIZES,
  reviewersCaption,
  reviewersDef,
  subjectsCaption,
  subjectsDef,
  typesCaption,
  typesDef,
} from "../tables";
import { NewFindings } from "./NewFindings";
import { ReviewQueue } from "./ReviewQueue";
import { ReviewReport } from "./ReviewReport";

const timeWords = (at: number) => `${utcDateTimeWords(at)} UTC`;

/**
 * Up to this many rows a table goes to the browser whole; above, the server pages it. Low: the overview is read at a
 * glance, and a study of a thousand subjects sent whole in its table by subject doubled the page's time.
 */
const BROWSER_TABLE_MAX = 100;

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
        <Listing
          def={commentsDef(view, studyHref)}
          caption={commentsCaption(study, view.comments.length)}
          searchParams={searchParams}
          urlPrefix={OVERVIEW_PLACES.comments.prefix}
          exportAs={OVERVIEW_TABLES.key("comments")}
          browserMax={BROWSER_TABLE_MAX}
          pageSizes={PAGE_SIZES}
        />
      ) : (
        <p>No open comments: the speech bubble in a record&apos;s Review cell opens its thread.</p>
      )}
      <h3>Your review</h3>
      <Listing
        def={typesDef(view, studyHref)}
        caption={typesCaption(study)}
        searchParams={searchParams}
        urlPrefix="ry_"
        exportAs={OVERVIEW_TABLES.key("types")}
        browserMax={BROWSER_TABLE_MAX}
        pageSizes={PAGE_SIZES}
      />
      <h3 id={OVERVIEW_PLACES.tests.anchor}>By laboratory test and vital sign</h3>
      <Listing
        def={testsDef(view, studyHref)}
        caption={testsCaption(study)}
        searchParams={searchParams}
        urlPrefix={OVERVIEW_PLACES.tests.prefix}
        exportAs={OVERVIEW_TABLES.key("tests")}
        browserMax={BROWSER_TABLE_MAX}
        pageSizes={PAGE_SIZES}
      />
      <h3 id={OVERVIEW_PLACES.visits.anchor}>By visit</h3>
      <Listing
        def={visitsDef(view, studyHref)}
        caption={visitsCaption(study)}
        searchParams={searchParams}
        urlPrefix={OVERVIEW_PLACES.visits.prefix}
        exportAs={OVERVIEW_TABLES.key("visits")}
        browserMax={BROWSER_TABLE_MAX}
        pageSizes={PAGE_SIZES}
      />
      <h3 id={OVERVIEW_PLACES.subjects.anchor}>By subject</h3>
      <Listing
        def={subjectsDef(view, studyHref)}
        caption={subjectsCaption(study)}
        searchParams={searchParams}
        urlPrefix={OVERVIEW_PLACES.subjects.prefix}
        exportAs={OVERVIEW_TABLES.key("subjects")}
        browserMax={BROWSER_TABLE_MAX}
        pageSizes={PAGE_SIZES}
      />
      <h3 id={OVERVIEW_PLACES.reviewers.anchor}>Reviewers</h3>
      {view.reviewers.length > 0 ? (
        <Listing
          def={reviewersDef(view)}
          caption={reviewersCaption(study)}
          searchParams={searchParams}
          urlPrefix={OVERVIEW_PLACES.reviewers.prefix}
          exportAs={OVERVIEW_TABLES.key("reviewers")}
          browserMax={BROWSER_TABLE_MAX}
          pageSizes={PAGE_SIZES}
        />
      ) : (
        <p>No one in your organisation has marked a record of this study reviewed yet.</p>
      )}
      <ReviewReport study={study} />
    </>
  );
}

const lastWords = (at: string) => `You last marked a record reviewed on ${timeWords(Date.parse(at))}.`;

function Since({ since, place }: { since: SinceLastReview; place: SectionPlace }) {
  switch (since.kind) {
    case "never":
      return (
        <p>
          You have not marked a record of this study reviewed yet: every record is not reviewed. Mark records in the
          listings, by their Review column.
        </p>
      );
    case "unknown":
      return (
        <p>
          {lastWords(since.at)} The data of then are no longer kept (retention, a purge, new credentials), so what
          changed since cannot be shown: your review progress below still tells each record&apos;s status.
        </p>
      );
    case "unchanged":
      return <p>{lastWords(since.at)} Nothing was added, changed or removed since: the data are those you reviewed.</p>;
    case "changed":
      return <Changed since={since} place={place} />;
  }
}

const SIGNAL_COUNT_WORDS: Record<SignalKind, [string, string]> = {
  death: ["death", "deaths"],
  "grade-3": ["adverse event of grade 3 or more", "adverse events of grade 3 or more"],
  "hys-law": ["subject newly in the Hy's law quadrant", "subjects newly in the Hy's law quadrant"],
  progression: ["assessment signed progressive disease", "assessments signed progressive disease"],
};

/** One count per kind of signal, each opening the signals of its kind. */
function SignalCounts({ signals }: { signals: readonly SafetySignal[] }) {
  return (
    <ul>
      {SIGNAL_KINDS.map((kind) => {
        const n = signals.filter((s) => s.kind === kind).length;
        const words = `${n.toLocaleString("en")} ${SIGNAL_COUNT_WORDS[kind][n === 1 ? 0 : 1]}`;
        return <li key={kind}>{n > 0 ? <Link href={signalKindHref(kind)}>{words}</Link> : words}</li>;
      })}
    </ul>
  );
}

function Changed({ since, place }: { since: Extract<SinceLastReview, { kind: "changed" }>; place: SectionPlace }) {
  const pair = { from: since.older.id, to: since.newer.id };
  return (
    <>
      <p>
        {lastWords(since.at)} Since then, {since.total.toLocaleString("en")} records were added, changed or removed (the
        study between {timeWords(since.older.takenAt)} and {timeWords(since.newer.takenAt)}):{" "}
        <Link href={changesHref(sectionHref(place.studyHref, "changes"), pair)}>every change in Changes</Link>.
      </p>
      <ReviewQueue since={since} studyHref={place.studyHref} />
      <h4 id={OVERVIEW_PLACES.signals.anchor}>New safety signals</h4>
      <SignalCounts signals={since.signals} />
      {since.hysLaw === "not-kept" ? (
        <p role="note">
          The laboratory results of your last review are no longer kept: subjects new in the Hy&apos;s law quadrant
          cannot be told.
        </p>
      ) : null}
      {since.signals.length > 0 ? (
        <Listing
          def={signalsDef(since.signals, place.studyHref)}
          caption={signalsCaption(place.study, since.signals.length)}
          searchParams={place.searchParams}
          urlPrefix={OVERVIEW_PLACES.signals.prefix}
          exportAs={OVERVIEW_TABLES.key("signals")}
          browserMax={BROWSER_TABLE_MAX}
          pageSizes={PAGE_SIZES}
        />
      ) : null}
      <h4>Records added, changed and removed</h4>
      <Listing
        def={sinceTypesDef(since, place.studyHref)}
        caption={sinceTypesCaption(place.study, since)}
        searchParams={place.searchParams}
        urlPrefix="st_"
        browserMax={BROWSER_TABLE_MAX}
        pageSizes={PAGE_SIZES}
      />
      <Listing
        def={sinceSubjectsDef(since, place.studyHref)}
        caption={sinceSubjectsCaption(place.study, since)}
        searchParams={place.searchParams}
        urlPrefix="ss_"
        browserMax={BROWSER_TABLE_MAX}
        pageSizes={PAGE_SIZES}
      />
    </>
  );
}

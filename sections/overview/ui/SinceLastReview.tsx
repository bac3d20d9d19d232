/**
 * The overview's "since your last review" (docs/review.md, The study overview): when the user last marked a record,
 * and what was added, changed or removed since, by record type and subject, with what the reviewer has to review of
 * them and the new safety signals; each count opening its records.
 */
import Link from "next/link";
import { utcDateTimeWords } from "@/lib/clinical/common/date-time";
import { changesHref, sectionHref } from "@/sections/frame/addresses";
import type { SectionPlace } from "@/sections/frame/section-place";
import type { SinceLastReview } from "../load";
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
import { OVERVIEW_PLACES, OVERVIEW_TABLES } from "../tables";
import { OverviewListing } from "./OverviewListing";
import { SinceToReview } from "./SinceToReview";

const timeWords = (at: number) => `${utcDateTimeWords(at)} UTC`;

const lastWords = (at: string) => `You last marked a record reviewed on ${timeWords(Date.parse(at))}.`;

export function Since({ since, place }: { since: SinceLastReview; place: SectionPlace }) {
  switch (since.kind) {
    case "never":
      return (
        <p>
          You have not marked a record of this study reviewed yet: every record is not reviewed. Mark records in the
          listings, by their Review column.
        </p>
      );
    case "past":
      return (
        <p>
          What changed since your last review is told on the study&apos;s latest data: this past snapshot shows the data
          as they were then, and its records are not marked.
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
      <SinceToReview since={since} studyHref={place.studyHref} />
      <h4 id={OVERVIEW_PLACES.signals.anchor}>New safety signals</h4>
      <SignalCounts signals={since.signals} />
      {since.hysLaw === "not-kept" ? (
        <p role="note">
          The laboratory results of your last review are no longer kept: subjects new in the Hy&apos;s law quadrant
          cannot be told.
        </p>
      ) : null}
      {since.signals.length > 0 ? (
        <OverviewListing
          def={signalsDef(since.signals, place.studyHref)}
          caption={signalsCaption(place.study, since.signals.length)}
          searchParams={place.searchParams}
          urlPrefix={OVERVIEW_PLACES.signals.prefix}
          exportAs={OVERVIEW_TABLES.key("signals")}
        />
      ) : null}
      <h4>Records added, changed and removed</h4>
      <OverviewListing
        def={sinceTypesDef(since, place.studyHref)}
        caption={sinceTypesCaption(place.study, since)}
        searchParams={place.searchParams}
        urlPrefix="st_"
      />
      <OverviewListing
        def={sinceSubjectsDef(since, place.studyHref)}
        caption={sinceSubjectsCaption(place.study, since)}
        searchParams={place.searchParams}
        urlPrefix="ss_"
      />
    </>
  );
}

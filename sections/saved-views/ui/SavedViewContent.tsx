/**
 * One saved view (a server component, docs/review.md, Saved views): what it shows, whether the records it shows
 * changed since it was saved (how many added, changed and removed, by record type, each count opening those
 * changes), and its page as saved or with the latest data; its owner shares, makes private or deletes it.
 */
import Link from "next/link";
import { utcDateTimeWords } from "@/lib/clinical/common/date-time";
import { sectionHref } from "@/sections/frame/addresses";
import type { SectionPlace } from "@/sections/frame/section-place";
import { HowComputed } from "@/sections/frame/ui/HowComputed";
import { Listing } from "@/sections/frame/ui/Listing";
import { viewPageHref } from "../address";
import type { SavedViewView, ViewWithChanges } from "../load";
import {
  filterWords,
  pageWords,
  settingsWords,
  sinceWords,
  VIEW_TYPES_PREFIX,
  VIEWS_TABLES,
  viewTypesCaption,
  viewTypesDef,
} from "../tables";
import { SinceSavedRules } from "./SinceSavedRules";
import { ViewOwnerActions } from "./ViewOwnerActions";

const at = (iso: string) => `${utcDateTimeWords(iso)} UTC`;

export function SavedViewContent({ view, place }: { view: SavedViewView; place: SectionPlace }) {
  const v = view.view;
  const views = sectionHref(place.studyHref, "views");
  if (!v)
    return (
      <p role="alert">
        There is no saved view of this study by that number that you can open: it may have been deleted, or be another
        user&apos;s own. <Link href={views}>See the saved views</Link>
      </p>
    );
  return (
    <>
      <h3>{v.name}</h3>
      <dl>
        <dt>Page</dt>
        <dd>{pageWords(v.path)}</dd>
        <dt>Study filter</dt>
        <dd>{filterWords(v.query)}</dd>
        <dt>Its tables&apos; filters and sorting</dt>
        <dd>{settingsWords(v.query)}</dd>
        <dt>Saved by</dt>
        <dd>
          {v.owner}
          {v.mine ? " (you)" : ""}, {at(v.createdAt)}; {v.shared ? "shared with the organisation" : "only theirs"}
        </dd>
        <dt>Data</dt>
        <dd>
          {v.snapshot ? `Study snapshot of ${at(v.snapshot.at)}` : "No study snapshot was kept when it was saved"}
        </dd>
      </dl>
      <Since v={v} place={place} />
      <p>
        <OpenLinks v={v} studyHref={place.studyHref} />
      </p>
      {v.mine ? <ViewOwnerActions viewId={v.id} shared={v.shared} viewsHref={views} /> : null}
      <HowComputed gist="the view's snapshot compared with the latest, over the records its page shows">
        <SinceSavedRules />
      </HowComputed>
    </>
  );
}

function Since({ v, place }: { v: ViewWithChanges; place: SectionPlace }) {
  if (v.since.kind !== "changed")
    return (
      <p role="status">
        {v.since.kind === "unchanged"
          ? "Nothing it shows has changed since it was saved."
          : `What changed since it was saved ${sinceWords(v).charAt(0).toLowerCase()}${sinceWords(v).slice(1)}.`}
      </p>
    );
  return (
    <>
      <p role="status">
        <strong>The records it shows changed since it was saved:</strong> {sinceWords(v)} (the snapshot of{" "}
        {at(new Date(v.since.saved.takenAt).toISOString())} against the latest, of{" "}
        {at(new Date(v.since.latest.takenAt).toISOString())}).
      </p>
      <Listing
        def={viewTypesDef(v, place.studyHref)}
        caption={viewTypesCaption(v)}
        searchParams={place.searchParams}
        urlPrefix={VIEW_TYPES_PREFIX}
        exportAs={VIEWS_TABLES.key("types", v.id)}
      />
    </>
  );
}

function OpenLinks({ v, studyHref }: { v: ViewWithChanges; studyHref: string }) {
  const savedKept = v.snapshot !== null && (v.since.kind === "changed" || v.since.kind === "unchanged");
  return (
    <>
      {savedKept && v.snapshot ? (
        <>
          <Link href={viewPageHref(studyHref, v, v.snapshot.id)}>Open as saved ({at(v.snapshot.at)})</Link>
          {" · "}
        </>
      ) : null}
      <Link href={viewPageHref(studyHref, v, null)}>Open with the latest data</Link>
    </>
  );
}

/**
 * The Changes section's content (a server component): how the study's snapshots are compared, the two compared
 * (any two can be chosen), the changes per record type and per subject (each count opens its changes), and the
 * listing of changes, each changed record with its fields before and after.
 */

import { recordTypeLabel } from "@/sections/frame/record-type-labels";
import type { SectionPlace } from "@/sections/frame/section-place";
import { HowComputed } from "@/sections/frame/ui/HowComputed";
import { Listing } from "@/sections/frame/ui/Listing";
import { OnlyTheseRecords } from "@/sections/frame/ui/OnlyTheseRecords";
import type { ChangesView } from "../load";
import { CHANGES_LISTING, changesHref } from "../query";
import {
  CHANGES_TABLES,
  changesListingCaption,
  changesListingDef,
  comparedWords,
  comparesLatest,
  snapshotWords,
  subjectCountsCaption,
  subjectCountsDef,
  typeCountsCaption,
  typeCountsDef,
} from "../tables";
import { SnapshotList } from "./SnapshotList";
import { SnapshotPicker } from "./SnapshotPicker";

/** Up to this many rows a table goes to the browser whole; above, the server pages it. */
const BROWSER_TABLE_MAX = 2000;

export function ChangesContent({ view, place }: { view: ChangesView; place: SectionPlace }) {
  return (
    <>
      <HowComputed gist="two snapshots of the study compared record by record">
        <p>
          Every load of the study is kept as a snapshot. Changes compares two of them, record type by record type: a
          record is added when only the newer snapshot has its identifier, removed when only the older one has it, and
          changed when any of its fields differ; a changed record shows the fields that differ, before and after.
        </p>
      </HowComputed>
      {view.older && view.newer ? <Compared view={view} place={place} /> : <TooFew view={view} />}
      {view.snapshots.length > 0 ? (
        <>
          <h3>Snapshots</h3>
          <SnapshotList view={view} studyHref={place.studyHref} />
        </>
      ) : null}
    </>
  );
}

function TooFew({ view }: { view: ChangesView }) {
  const [one] = view.snapshots;
  return (
    <p role="status">
      {one
        ? `The study has one snapshot, taken ${snapshotWords(one.takenAt)}. Changes compares two: once the partner's ` +
          "data have changed, press Refresh to take the next one."
        : "The study has no snapshot yet: its first is being kept now. Open Changes again once the partner's data " +
          "have changed and the study was refreshed."}
    </p>
  );
}

function Compared({ view, place }: { view: ChangesView; place: SectionPlace }) {
  const pair = { from: view.older?.id ?? null, to: view.newer?.id ?? null };
  const { type, kind, subject } = view.filter;
  const narrowed = type !== null || kind !== null || subject !== null;
  return (
    <>
      <p>
        Changes {comparedWords(view)}: {view.total.toLocaleString("en")} records added, changed or removed.
      </p>
      {view.unknownChoice ? (
        <p role="status">
          The address named a snapshot this study does not have (retention may have removed it): the snapshots shown are
          compared instead.
        </p>
      ) : null}
      <SnapshotPicker view={view} base={place.base} />
      <h3>Per record type</h3>
      <Listing
        def={typeCountsDef(view, place.base)}
        caption={typeCountsCaption(view, place.study)}
        searchParams={place.searchParams}
        urlPrefix="ct_"
        exportAs={CHANGES_TABLES.key("types")}
        browserMax={BROWSER_TABLE_MAX}
      />
      <h3>Per subject</h3>
      <Listing
        def={subjectCountsDef(view, place.base, place.studyHref)}
        caption={subjectCountsCaption(view, place.study)}
        searchParams={place.searchParams}
        urlPrefix="cs_"
        exportAs={CHANGES_TABLES.key("subjects")}
        browserMax={BROWSER_TABLE_MAX}
      />
      <section aria-labelledby={CHANGES_LISTING.anchor}>
        <h3 id={CHANGES_LISTING.anchor}>Changed records</h3>
        {narrowed ? (
          <OnlyTheseRecords
            what={[
              type ? `${recordTypeLabel(type).toLowerCase()}` : "records",
              kind ? kind : "added, changed or removed",
              subject ? `of subject ${subject}` : "",
            ]
              .filter(Boolean)
              .join(" ")}
            allHref={changesHref(place.base, pair)}
          >
            Show every change
          </OnlyTheseRecords>
        ) : null}
        {comparesLatest(view) ? null : (
          <p>
            The review statuses are those of the latest data. To mark these records reviewed,{" "}
            <a href={changesHref(place.base, { from: view.newer?.id ?? null, to: view.snapshots[0]?.id ?? null })}>
              compare with the latest snapshot
            </a>
            .
          </p>
        )}
        <Listing
          def={changesListingDef(view, place.studyHref)}
          caption={changesListingCaption(view, place.study)}
          searchParams={place.searchParams}
          urlPrefix={CHANGES_LISTING.prefix}
          exportAs={CHANGES_TABLES.key("listing")}
          browserMax={BROWSER_TABLE_MAX}
        />
      </section>
    </>
  );
}

/**
 * Every adverse event of the study, filtered by the URL (what a count of the tables opened, the quick filters),
 * then sorted, filtered and paged on the server: the browser receives one page. Above it, what the filters are
 * (each removable), how many events of how many subjects pass them, and those subjects.
 */
import Link from "next/link";
import type { AeListingFilter } from "@/lib/clinical/adverse-events/listing-filter";
import { subjectHref } from "@/sections/frame/addresses";
import { Convention } from "@/sections/frame/ui/Convention";
import { Listing } from "@/sections/frame/ui/Listing";
import { LISTING_STATE, listingDef, listingFilterWords } from "../listing-table";
import type { AdverseEventsView } from "../load";
import { isFiltered, LISTING_PREFIX, listingChangeHref, listingHref } from "../query";
import { AE_TABLES } from "../tables";
import styles from "./adverse-events.module.css";

/** Subjects named above the listing; more are in the listing itself. */
const MAX_SUBJECTS_NAMED = 100;

interface Props {
  view: AdverseEventsView;
  base: string;
  study: string;
  studyHref: string;
  /** The page's state its links carry (carriedParams in ../query.ts). */
  carried: URLSearchParams;
}

export function AeListing({ view, base, study, studyHref, carried }: Props) {
  const f = view.query.filter;
  const def = listingDef(view, studyHref);
  const change = (c: Record<string, string | null>) => listingChangeHref(base, carried, c);
  return (
    <>
      <QuickFilters
        filter={f}
        change={change}
        outside={view.quality.outside.events > 0 ? listingHref(base, carried, { scope: "outside" }) : null}
      />
      <FilterList filter={f} change={change} clear={listingHref(base, carried, {})} />
      <Convention anchor="study-day-of-an-adverse-event">
        Study day of the start: day 1 is the subject&apos;s first dose of the study drug, the day before is day -1
        (there is no day 0); blank when the start or the first dose is unknown.
      </Convention>
      <ListingCount view={view} />
      {isFiltered(f) ? <FilteredSubjects subjects={view.listingSubjects} studyHref={studyHref} /> : null}
      <Listing
        def={def}
        caption={`Adverse events of study ${study}`}
        searchParams={carried}
        pageSizes={[...LISTING_STATE.pageSizes]}
        urlPrefix={LISTING_PREFIX}
        exportAs={AE_TABLES.key("listing")}
        // ListingCount says how many events the listing holds.
        countStated
      />
    </>
  );
}

type Change = (c: Record<string, string | null>) => string;

/** Grade ≥3, Related, Ongoing: each a link that turns it on or off; `outside`: the events outside the Group. */
function QuickFilters({
  filter: f,
  change,
  outside,
}: {
  filter: AeListingFilter;
  change: Change;
  outside: string | null;
}) {
  const quick: [string, boolean, Record<string, string | null>][] = [
    ["Grade ≥3", f.grade === "ge3", { grade: f.grade === "ge3" ? null : "ge3" }],
    ["Related", f.related, { related: f.related ? null : "1" }],
    ["Ongoing", f.ongoing, { ongoing: f.ongoing ? null : "1" }],
  ];
  return (
    <p>
      Quick filters:{" "}
      {quick.map(([label, on, c], i) => (
        <span key={label}>
          {i > 0 ? " · " : ""}
          <Link href={change(c)} aria-current={on ? "true" : undefined} className={on ? styles.current : undefined}>
            {on ? `✓ ${label}` : label}
          </Link>
        </span>
      ))}
      {outside ? (
        <>
          {" · "}
          <Link href={outside}>Events of subjects outside the Group</Link>
        </>
      ) : null}
    </p>
  );
}

/** How many events of how many subjects pass the filters, announced when it changes. */
function ListingCount({ view }: { view: AdverseEventsView }) {
  const n = view.listingSubjects.length;
  return (
    <p role="status">
      {view.listing.length.toLocaleString("en")} of {view.events.toLocaleString("en")} events, of{" "}
      {n.toLocaleString("en")} subject{n === 1 ? "" : "s"}
      {isFiltered(view.query.filter) ? " (the filters above)" : ""}
      {view.query.filter.teae ? ", treatment-emergent only" : ""}.
    </p>
  );
}

/** The subjects of the filtered events, each a link to their profile; past the first 100, a count. */
function FilteredSubjects({ subjects, studyHref }: { subjects: readonly string[]; studyHref: string }) {
  if (subjects.length === 0) return null;
  return (
    <p>
      Subjects:{" "}
      {subjects.slice(0, MAX_SUBJECTS_NAMED).map((s, i) => (
        <span key={s}>
          {i > 0 ? ", " : ""}
          <Link href={subjectHref(studyHref, s)}>{s}</Link>
        </span>
      ))}
      {subjects.length > MAX_SUBJECTS_NAMED ? ` and ${subjects.length - MAX_SUBJECTS_NAMED} more (in the listing)` : ""}
    </p>
  );
}

/** The listing's filters in words, each with a link that removes it. */
function FilterList({ filter: f, change, clear }: { filter: AeListingFilter; change: Change; clear: string }) {
  const items = listingFilterWords(f);
  if (items.length === 0) return null;
  return (
    <ul aria-label="Listing filters" className={styles.filters}>
      {items.map(([label, param]) => (
        <li key={param}>
          {label}{" "}
          <Link href={change({ [param]: null })} aria-label={`Remove filter ${label}`}>
            (remove)
          </Link>
        </li>
      ))}
      <li>
        <Link href={clear}>Show all events</Link>
      </li>
    </ul>
  );
}

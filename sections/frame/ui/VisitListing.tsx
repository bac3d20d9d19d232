/**
 * Every test's (every item's) laboratory or vital-sign records at one visit (`at=` in the URL, VISIT_LISTING), or
 * those without a visit. Its rows give no element IDs: the issue listing's do, and a page has one such listing.
 */
import { VISIT_LISTING } from "../addresses";
import { atVisit, type VisitRecords } from "../visit-listing";
import { AcrossTestsListing, type AcrossTestsProps } from "./AcrossTestsListing";

interface Props extends Omit<AcrossTestsProps, "rows" | "anchor"> {
  visit: VisitRecords;
  /** What the section calls its records: "results", "records". */
  records: string;
  /** "Laboratory results of study ONC-101 at visit Week 4, every test", which the export's title repeats. */
  caption: string;
}

export function VisitListing({ visit, records, ...listing }: Props) {
  const here = visit.visit === null ? "without a visit" : "at this visit";
  return (
    <AcrossTestsListing
      {...listing}
      anchor={VISIT_LISTING.anchor}
      rows={visit.rows}
      title={`${records[0].toUpperCase()}${records.slice(1)} ${atVisit(visit.visit)}`}
      lead={`Every ${listing.testHeader.toLowerCase()}'s ${records} ${here}.`}
    />
  );
}

/** The visit listing the page's address asks for (`at=`), or, for a visit the study lacks, that it is unknown. */
export function VisitPart({
  visit,
  unknown,
  caption,
  ...listing
}: Omit<Props, "visit" | "caption"> & {
  visit: VisitRecords | null;
  unknown: boolean;
  /** The caption of the visit's listing (null: without a visit), as the section's export titles it. */
  caption: (visit: string | null) => string;
}) {
  return (
    <>
      {unknown ? (
        <p role="status">The visit named in the address is not among this study&apos;s {listing.records}.</p>
      ) : null}
      {visit ? <VisitListing visit={visit} caption={caption(visit.visit)} {...listing} /> : null}
    </>
  );
}

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

/**
 * The listing of the chosen vital-sign group's records, sorted, filtered and
 * paged on the server (a study holds hundreds of thousands): the browser
 * receives one page. The exact filters of a summary's count (visit, text)
 * are said in words, with the way back to every record of the group.
 */
import type { VitalGroupSummary } from "@/lib/clinical/vital-signs/study";
import type { SectionPlace } from "@/sections/frame/section-place";
import { Listing } from "@/sections/frame/ui/Listing";
import { OnlyTheseRecords } from "@/sections/frame/ui/OnlyTheseRecords";
import { listingNarrowing, vitalListingCaption, vitalListingDef } from "../listing-table";
import type { VitalSignsView } from "../load";
import { LISTING_ANCHOR, LISTING_PREFIX, vitalHref } from "../query";
import { VITAL_TABLES } from "../tables";

export interface VitalListingProps {
  view: VitalSignsView;
  group: VitalGroupSummary;
  label: string;
  place: SectionPlace;
}

export function VitalListing({ view, group, label, place }: VitalListingProps) {
  const def = vitalListingDef(view, group, place.studyHref);
  const narrowed = listingNarrowing(view.filter);
  return (
    <section aria-labelledby={LISTING_ANCHOR}>
      <h3 id={LISTING_ANCHOR}>{label}: listing</h3>
      {narrowed.length > 0 ? (
        <OnlyTheseRecords
          what={`the records ${narrowed.join(" and ")}`}
          allHref={vitalHref(place.base, group, {}, LISTING_ANCHOR)}
        >
          Show every record of {label}
        </OnlyTheseRecords>
      ) : null}
      {group.kind === "number" && group.withRangeText === 0 ? (
        <p>The partner sent no reference range for {label}: no value is flagged as out of range.</p>
      ) : null}
      <Listing
        def={def}
        caption={vitalListingCaption(label, place.study)}
        searchParams={place.searchParams}
        urlPrefix={LISTING_PREFIX}
        exportAs={VITAL_TABLES.key("listing")}
      />
    </section>
  );
}

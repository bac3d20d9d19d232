/**
 * The medications listing with its quick filters for open-ended ("ongoing")
 * records and for one kind (the study drug, or the concomitant medications),
 * and the drug a count chose, all in the URL. A study with few
 * records gets the browser's table (with its CSV of every filtered row); a
 * large one the server's, which sends one page.
 */
import type { SectionPlace } from "@/sections/frame/section-place";
import { ChoiceLinks } from "@/sections/frame/ui/ChoiceLinks";
import { Listing } from "@/sections/frame/ui/Listing";
import { OnlyTheseRecords } from "@/sections/frame/ui/OnlyTheseRecords";
import type { MedicationsView } from "../load";
import { LISTING_ANCHOR, LISTING_PREFIX, medicationHref } from "../query";
import { KIND_WORDS, MEDICATION_TABLES, medicationListingCaption, medicationListingDef } from "../tables";

/** Up to this many records in the study, the listing goes to the browser whole; above, the server pages it. */
export const BROWSER_TABLE_MAX = 3000;

export function MedicationListing({ view, place }: { view: MedicationsView; place: SectionPlace }) {
  const def = medicationListingDef(view, place.studyHref);
  const { drug, ongoing, kind } = view.filter;
  const caption = medicationListingCaption(view, place.study);
  const quick = [
    { label: "All records", href: medicationHref(place.base, { drug, ongoing: false, kind }), current: !ongoing },
    {
      label: "Ongoing (open-ended) only",
      href: medicationHref(place.base, { drug, ongoing: true, kind }),
      current: ongoing,
    },
  ];
  const kinds = [
    { label: "Every kind", href: medicationHref(place.base, { drug, ongoing }), current: kind === undefined },
    ...(["concomitant", "study-drug"] as const).map((k) => ({
      label: k === "concomitant" ? "Concomitant medications only" : "Study drug only",
      href: medicationHref(place.base, { drug, ongoing, kind: k }),
      current: kind === k,
    })),
  ];
  return (
    <section aria-labelledby={LISTING_ANCHOR}>
      <h3 id={LISTING_ANCHOR}>Listing</h3>
      <ChoiceLinks label="Medication records shown" choices={quick} />
      <ChoiceLinks label="Kinds of medication shown" choices={kinds} />
      {kind !== undefined ? <p>Only the records of {KIND_WORDS[kind]} are shown.</p> : null}
      {drug !== undefined ? (
        <OnlyTheseRecords what={`the records of ${drug}`} allHref={medicationHref(place.base, { ongoing, kind })}>
          Show every drug
        </OnlyTheseRecords>
      ) : null}
      <Listing
        def={def}
        caption={caption}
        searchParams={place.searchParams}
        urlPrefix={LISTING_PREFIX}
        exportAs={MEDICATION_TABLES.key("listing")}
        browserMax={BROWSER_TABLE_MAX}
        size={view.records}
      />
    </section>
  );
}

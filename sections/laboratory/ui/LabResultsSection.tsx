/**
 * The results listing of the chosen test with its quick choices (abnormal, all, low, high, numeric, text) and the
 * narrowing the charts, shift tables and their notes lead to (a unit, a visit, a shift-table cell, a part: the
 * baselines, the results after the on-treatment window), each said in words with a link that removes it. Each result
 * shows its part in the shift tables, its ×ULN and its CTCAE v5.0 grade (../listing-columns.ts).
 */
import { RESULT_CHOICE_LABEL, RESULT_CHOICES } from "@/lib/clinical/laboratory/results";
import { RESULTS_PAGE_SIZES, RESULTS_PREFIX } from "@/sections/frame/measurement-columns";
import type { SectionPlace } from "@/sections/frame/section-place";
import { ChoiceLinks } from "@/sections/frame/ui/ChoiceLinks";
import { Convention } from "@/sections/frame/ui/Convention";
import { HowComputed } from "@/sections/frame/ui/HowComputed";
import { Listing } from "@/sections/frame/ui/Listing";
import { OnlyTheseRecords } from "@/sections/frame/ui/OnlyTheseRecords";
import { listingNarrowing, resultsCaption } from "../listing-caption";
import { labListingDef } from "../listing-columns";
import type { ChosenTest } from "../load";
import { type LabQuery, RESULTS_ANCHOR, resultsHref } from "../query";
import { LAB_TABLES } from "../tables";

export function LabResultsSection({ test, query, place }: { test: ChosenTest; query: LabQuery; place: SectionPlace }) {
  const { base } = place;
  const current: LabQuery = { ...query, ...test.choice };
  const narrowing = listingNarrowing(test);
  const caption = resultsCaption(test);
  return (
    <section aria-labelledby={RESULTS_ANCHOR}>
      <h3 id={RESULTS_ANCHOR}>Results of {test.name}</h3>
      <ResultChoices base={base} current={current} />
      <Narrowing base={base} current={current} narrowing={narrowing} />
      <HowComputed gist="×ULN and CTCAE v5.0 grades">
        <Convention anchor="ctcae-grades-of-laboratory-results">
          ×ULN: the value over its own record&apos;s upper limit. Grades: NCI CTCAE v5.0 (2017), numeric bands only, for
          the tests it grades by value.
        </Convention>
      </HowComputed>
      <Listing
        def={labListingDef(test.listing, place.studyHref)}
        caption={caption}
        searchParams={place.searchParams}
        pageSizes={RESULTS_PAGE_SIZES}
        urlPrefix={RESULTS_PREFIX}
        exportAs={LAB_TABLES.key("results")}
      />
    </section>
  );
}

/** The quick choices of results (abnormal, all, low, high, numeric, text), the current one marked. */
function ResultChoices({ base, current }: { base: string; current: LabQuery }) {
  const choices = RESULT_CHOICES.map((show) => ({
    href: resultsHref(base, { ...current, show }),
    label: RESULT_CHOICE_LABEL[show],
    current: show === current.show,
  }));
  return <ChoiceLinks label="Which results" choices={choices} marks="true" />;
}

/** What narrows the listing (a unit, a visit, a shift-table cell), each with a link that removes it. */
function Narrowing({
  base,
  current,
  narrowing,
}: {
  base: string;
  current: LabQuery;
  narrowing: ReturnType<typeof listingNarrowing>;
}) {
  return narrowing.map((n) => (
    <OnlyTheseRecords key={n.text} what={n.text} allHref={resultsHref(base, { ...current, ...n.without })}>
      Show all instead
    </OnlyTheseRecords>
  ));
}

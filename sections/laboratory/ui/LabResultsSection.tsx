/**
 * The results listing of the chosen test with its quick choices (abnormal, all, low, high, numeric, text) and the
 * narrowing the charts and shift tables lead to (a unit, a visit, a shift-table cell), each said in words with a
 * link that removes it.
 */
import { RESULT_CHOICE_LABEL, RESULT_CHOICES } from "@/lib/clinical/laboratory/results";
import type { SectionPlace } from "@/sections/frame/section-place";
import { ChoiceLinks } from "@/sections/frame/ui/ChoiceLinks";
import { MeasurementTable } from "@/sections/frame/ui/MeasurementTable";
import { OnlyTheseRecords } from "@/sections/frame/ui/OnlyTheseRecords";
import type { ChosenTest } from "../load";
import { type LabQuery, RESULTS_ANCHOR, resultsHref } from "../query";
import { LAB_TABLES, listingNarrowing, resultsCaption } from "../tables";

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
      <MeasurementTable
        rows={test.listing}
        searchParams={place.searchParams}
        studyHref={place.studyHref}
        caption={caption}
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

/**
 * The page's two choices of what it counts, each kept in the URL and named with its rule: which events
 * (`teae=1`: treatment-emergent only; by default all, as the partner sends them) and which causality counts as
 * related (`relatedness=conservative`). The overview, the table by term, the chart and the listing all follow
 * them, so that a count opens its own records.
 */
import uiStyles from "@/components/ui/ui.module.css";
import { ChoiceLinks } from "@/sections/frame/ui/ChoiceLinks";
import { Convention } from "@/sections/frame/ui/Convention";
import { HowComputed } from "@/sections/frame/ui/HowComputed";
import { type AeQuery, LISTING_PREFIX, pageHref } from "../query";

interface Props {
  query: AeQuery;
  base: string;
  carried: URLSearchParams;
}

export function AeChoices({ query, base, carried }: Props) {
  const { teae, relatedness } = query.filter;
  // A change of what is counted changes the listing too: back to its first page.
  const href = (change: Record<string, string | null>) =>
    pageHref(base, carried, { ...change, [`${LISTING_PREFIX}page`]: null });
  return (
    <>
      <div className={uiStyles.toolbar}>
        <ChoiceLinks
          label="Events counted"
          lead
          marks="true"
          choices={[
            { href: href({ teae: null }), label: "All adverse events", current: !teae },
            { href: href({ teae: "1" }), label: "Treatment-emergent only", current: teae },
          ]}
        />
        <ChoiceLinks
          label="Related means"
          lead
          marks="true"
          choices={[
            {
              href: href({ relatedness: null }),
              label: "Certain, probable or possible",
              current: relatedness === "assessed",
            },
            {
              href: href({ relatedness: "conservative" }),
              label: "Also undecided or not assessed",
              current: relatedness === "conservative",
            },
          ]}
        />
      </div>
      <HowComputed gist={teae ? "treatment-emergent adverse events only" : "every adverse event the partner sends"}>
        {teae ? (
          <Convention anchor="treatment-emergent-adverse-events">
            Treatment-emergent adverse events only: those starting on or after the subject&apos;s first dose of the
            study drug (the same day counts). An event without a start date counts unless it ends before the first dose;
            a subject with no known first dose has none.
          </Convention>
        ) : (
          <Convention anchor="treatment-emergent-adverse-events">
            All adverse events as the partner sends them (the default), whether or not they started on treatment.
          </Convention>
        )}
        {relatedness === "conservative" ? (
          <Convention anchor="what-counts-as-related">
            Related, the conservative reading: causality Certain, Probably/Likely or Possible, and also
            Conditional/Classified, Unassessable/Unclassifiable or no assessment.
          </Convention>
        ) : (
          <Convention anchor="what-counts-as-related">
            Related: causality Certain, Probably/Likely or Possible (the default).
          </Convention>
        )}
      </HowComputed>
    </>
  );
}

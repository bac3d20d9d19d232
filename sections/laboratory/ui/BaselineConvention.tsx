/**
 * How a chosen test's baselines were found and which results count after them (docs/clinical-rules.md, Baseline and
 * the on-treatment window): the subjects by each rule, each count opening their baseline results, and the window
 * in force with the choice of another.
 */
import Link from "next/link";
import { DEFAULT_WINDOW_DAYS } from "@/lib/clinical/exposure/on-treatment";
import { ChoiceLinks } from "@/sections/frame/ui/ChoiceLinks";
import { Convention } from "@/sections/frame/ui/Convention";
import { HowComputed } from "@/sections/frame/ui/HowComputed";
import { plural } from "@/sections/frame/ui/notices";
import type { ChosenTest, LaboratoryView } from "../load";
import { type LabQuery, labHref, type PhaseChoice, resultsHref } from "../query";

/** Windows offered besides the one in force. */
const WINDOWS = [0, 7, 14, DEFAULT_WINDOW_DAYS, 60, 90];

const FALLBACK = {
  "named visit": "the last result at a visit named Screening or Baseline, every result at another visit after it",
  "first result":
    "the first dated result (this study has no visit named Screening or Baseline), the later ones after it",
};

export function BaselineConvention({
  view,
  test,
  base,
  query,
}: {
  view: LaboratoryView;
  test: ChosenTest;
  base: string;
  /** The query as the loader checked it. */
  query: LabQuery;
}) {
  const days = view.window.days;
  const byDose = test.bases["first dose"];
  const fallback = test.bases["named visit"] + test.bases["first result"];
  // A count opens the baseline results of its subjects, every unit and visit.
  const href = (phase: PhaseChoice) =>
    resultsHref(base, { ...query, unit: undefined, visit: undefined, shift: null, show: "all", phase });
  const subjects = (n: number, phase: PhaseChoice) =>
    n > 0 ? <Link href={href(phase)}>{plural(n, "subject")}</Link> : plural(n, "subject");
  return (
    <>
      <HowComputed gist={`baseline on or before the first dose; after it up to the last dose + ${plural(days, "day")}`}>
        <Convention anchor="baseline-and-the-on-treatment-window">
          Baseline: the last result on or before the day of the first dose of the study drug (a result of that day
          counts, whatever its time) for {subjects(byDose, "baseline-first-dose")}; without a known first dose,{" "}
          {FALLBACK[view.rule]}, for {subjects(fallback, "baseline-fallback")}. After baseline: the results dated after
          the first dose up to the last dose + {plural(days, "day")}, with no end while on drug.
        </Convention>
      </HowComputed>
      {view.window.ignored ? (
        <p role="status">
          The window in the address is not a whole number of days from 0 to 365: the default, {DEFAULT_WINDOW_DAYS}{" "}
          days, is used.
        </p>
      ) : null}
      <ChoiceLinks
        label="On-treatment window"
        lead
        choices={[...new Set([...WINDOWS, days])]
          .sort((a, b) => a - b)
          .map((d) => ({
            href: labHref(base, { ...query, window: d, phase: null, shift: null }),
            label: `last dose + ${plural(d, "day")}`,
            current: d === days,
          }))}
      />
    </>
  );
}

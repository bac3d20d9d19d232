/**
 * The content of one laboratory test: per unit its distribution by visit and its shift tables, then the listing of
 * its results. How baselines were found is said, since the shift tables depend on it.
 */
import Link from "next/link";
import type { SectionPlace } from "@/sections/frame/section-place";
import type { ChosenTest, LaboratoryView } from "../load";
import type { LabQuery } from "../query";
import { LabResultsSection } from "./LabResultsSection";
import { SeriesCharts } from "./SeriesCharts";
import { SubjectPicker } from "./SubjectPicker";
import { TestPicker } from "./TestPicker";

const RULE = {
  "named visit":
    "Baseline: each subject's last result (by collection time) at a visit named Screening or Baseline; " +
    "after baseline: every result at another visit.",
  "first result":
    "This study has no visit named Screening or Baseline. Baseline: each subject's first dated result; " +
    "after baseline: the results dated after it (results without a date take no part).",
};

export function LabTestContent({
  view,
  test,
  query,
  place,
}: {
  view: LaboratoryView;
  /** The view's chosen test. */
  test: ChosenTest;
  query: LabQuery;
  place: SectionPlace;
}) {
  const { base, studyHref } = place;
  // The query as the loader checked it against the data: a unit, visit or subject it does not have is not repeated.
  const checked: LabQuery = { ...query, ...test.choice, subjects: test.chosen };
  return (
    <>
      <p>
        <Link href={base}>All tests</Link>
      </p>
      <TestPicker tests={view.tests} current={test.key} base={base} />
      <h3>
        {test.name} ({test.code ? `service code ${test.code}` : "no service code"})
      </h3>
      <p>
        {test.units.length > 1
          ? `This test comes in ${test.units.length} units: each is shown on its own, never mixed. `
          : ""}
        {RULE[view.rule]}
      </p>
      <SubjectPicker subjects={test.subjects} chosen={checked.subjects} />
      {test.series.map((s, i) => (
        <SeriesCharts
          key={s.unit ?? ""}
          series={s}
          index={i}
          testName={test.name}
          studyHref={studyHref}
          base={base}
          query={checked}
        />
      ))}
      <LabResultsSection test={test} query={checked} place={place} />
    </>
  );
}

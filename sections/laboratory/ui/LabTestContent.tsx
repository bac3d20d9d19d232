/**
 * The content of one laboratory test: per unit its distribution by visit and its shift tables, then the listing of
 * its results. How baselines were found and which results count after them is said, since the shift tables depend
 * on it (./BaselineConvention.tsx).
 */
import Link from "next/link";
import type { SectionPlace } from "@/sections/frame/section-place";
import type { ChosenTest, LaboratoryView } from "../load";
import type { LabQuery } from "../query";
import { BaselineConvention } from "./BaselineConvention";
import { LabResultsSection } from "./LabResultsSection";
import { ScaleSwitch, SeriesCharts } from "./SeriesCharts";
import { SubjectPicker } from "./SubjectPicker";
import { TestPicker } from "./TestPicker";

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
      <TestPicker tests={view.tests} current={test.key} base={base} windowDays={view.window.days} />
      <h3>
        {test.name} ({test.code ? `service code ${test.code}` : "no service code"})
      </h3>
      {test.units.length > 1 ? (
        <p>This test comes in {test.units.length} units: each is shown on its own, never mixed.</p>
      ) : null}
      <BaselineConvention view={view} test={test} base={base} query={checked} />
      <SubjectPicker subjects={test.subjects} chosen={checked.subjects} />
      {test.series.some((s) => s.numeric > 0) ? <ScaleSwitch base={base} query={checked} /> : null}
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

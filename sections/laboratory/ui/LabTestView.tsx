/**
 * The view of one laboratory test: per unit its distribution by visit and its shift tables, then the listing of
 * its results. How baselines were found is said, since the shift tables depend on it.
 */
import Link from "next/link";
import type { LaboratoryView } from "@/sections/laboratory/load";
import type { LabQuery } from "@/sections/laboratory/query";
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

export function LabTestView({
  view,
  query,
  base,
  study,
  studyHref,
  params,
}: {
  view: LaboratoryView;
  query: LabQuery;
  base: string;
  study: string;
  studyHref: string;
  params: URLSearchParams;
}) {
  const test = view.test!;
  // The state as the loader checked it against the data: a unit, visit or subject it does not have is not repeated.
  const lineQuery: LabQuery = { ...query, ...test.choice, subjects: test.chosen };
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
      <SubjectPicker subjects={test.subjects} chosen={lineQuery.subjects} />
      {test.series.map((s, i) => (
        <SeriesCharts
          key={s.unit ?? ""}
          series={s}
          index={i}
          testName={test.name}
          study={study}
          studyHref={studyHref}
          base={base}
          query={lineQuery}
        />
      ))}
      <LabResultsSection test={test} query={lineQuery} base={base} studyHref={studyHref} params={params} />
    </>
  );
}

/**
 * The results listing of the chosen test with its quick choices (abnormal, all, low, high, numeric, text) and the
 * narrowing the charts and shift tables lead to (a unit, a visit, a shift-table cell), each said in words with a
 * link that removes it.
 */
import Link from "next/link";
import { RESULT_CHOICE_LABEL, RESULT_CHOICES } from "@/lib/clinical/lab-results";
import type { LabQuery } from "@/lib/study-views/laboratory-query";
import type { LaboratoryView } from "@/lib/study-views/load-laboratory";
import { MeasurementTable } from "../study/MeasurementTable";
import { labHref } from "./lab-format";
import { listingNarrowing, resultsCaption } from "./lab-results-caption";

export function LabResultsSection({
  test,
  query,
  base,
  studyHref,
  params,
}: {
  test: NonNullable<LaboratoryView["test"]>;
  query: LabQuery;
  base: string;
  studyHref: string;
  params: URLSearchParams;
}) {
  const { choice } = test;
  const current: LabQuery = { ...query, ...choice };
  const narrowing = listingNarrowing(test);
  const caption = resultsCaption(test);
  return (
    <section aria-labelledby="results">
      <h3 id="results">Results of {test.name}</h3>
      <nav aria-label="Which results">
        <ul className="inline-list">
          {RESULT_CHOICES.map((show) => (
            <li key={show}>
              <Link
                href={labHref(base, { ...current, show }, "#results")}
                aria-current={show === choice.show ? "true" : undefined}
              >
                {RESULT_CHOICE_LABEL[show]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {narrowing.length ? (
        <ul>
          {narrowing.map((n) => (
            <li key={n.text}>
              Only {n.text}.{" "}
              <Link href={labHref(base, { ...current, ...n.without }, "#results")}>Show all instead</Link>
            </li>
          ))}
        </ul>
      ) : null}
      <MeasurementTable
        rows={test.listing}
        params={params}
        studyHref={studyHref}
        caption={caption}
        exportAs={{ view: "laboratory", table: "results" }}
      />
    </section>
  );
}

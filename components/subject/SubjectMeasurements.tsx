/**
 * A subject's laboratory grid and the trend of one test or vital-sign item,
 * for the subject profile. It takes the subject's own rows and the page's
 * query (`trend`, `scale`); everything it shows is derived here from those
 * rows, one subject at a time (a few thousand rows at most), and what could
 * not be shown is said in its notes.
 */
import type { AdverseEventRow } from "@/lib/clinical/adverse-events";
import { aeOnsets } from "@/lib/clinical/ae-onsets";
import { labGrid, testKey } from "@/lib/clinical/lab-grid";
import type { MeasurementRow } from "@/lib/clinical/measurement-rows";
import { timesUln } from "@/lib/clinical/reference-range";
import { measurementTests, trendSeries } from "@/lib/clinical/trend-series";
import type { ParamSource } from "@/lib/tables/url-state";
import { LabGrid } from "./LabGrid";
import { gridNotes, trendNotes } from "./measurement-notes";
import { profileParams } from "./profile-params";
import styles from "./subject.module.css";
import { TrendChart } from "./TrendChart";
import { chooseScale, chooseTrend, trendOptions, withParam } from "./trend-choice";

export type MeasurementQuery = ParamSource;

export interface SubjectMeasurementsProps {
  /** The subject's laboratory and vital-sign rows, and its adverse events (for the onsets on the trend). */
  labs: readonly MeasurementRow[];
  vitals: readonly MeasurementRow[];
  adverseEvents: readonly AdverseEventRow[];
  /** The page's query: `trend` and `scale` are read, the state the page understands is kept in the links. */
  query: MeasurementQuery;
  /** The subject's ID as shown; by default that of the rows. */
  subject?: string;
}

export function SubjectMeasurements({ labs, vitals, adverseEvents, query, subject: given }: SubjectMeasurementsProps) {
  const subject = given ?? labs[0]?.subjectId ?? vitals[0]?.subjectId ?? "";
  const grid = labGrid(labs);
  const options = trendOptions(measurementTests(labs), measurementTests(vitals));
  const chosen = chooseTrend(query.get("trend"), options);
  // The page's other state as understood, not the address as it came (./profile-params.ts).
  const kept = profileParams(query);
  const trendHref = (value: string) => `${withParam(kept, "trend", value)}#trend`;
  const notes = gridNotes(grid);
  let chart = <p>The partner sent no laboratory or vital-sign results for subject {subject}.</p>;
  if (chosen) {
    const rows = chosen.kind === "lab" ? labs : vitals;
    const trend = trendSeries(rows, chosen.key, chooseScale(query.get("scale")));
    const { onsets, withoutStart } = aeOnsets(adverseEvents);
    notes.push(...trendNotes(trend, withoutStart));
    const ulnAvailable = rows.some((r) => testKey(r) === chosen.key && timesUln(r.value, r.range) !== null);
    chart = (
      <TrendChart
        trend={trend}
        onsets={onsets}
        subject={subject}
        gridLinks={chosen.kind === "lab"}
        options={options}
        selected={chosen.value}
        ulnAvailable={ulnAvailable}
      />
    );
  }
  return (
    <>
      <section aria-labelledby="lab-grid-title">
        <h3 id="lab-grid-title">Laboratory results by visit</h3>
        <LabGrid
          grid={grid}
          subject={subject}
          selected={chosen?.kind === "lab" ? chosen.key : null}
          trendHref={trendHref}
        />
      </section>
      <section id="trend" aria-labelledby="trend-title">
        <h3 id="trend-title">Trend</h3>
        {chart}
      </section>
      {notes.length > 0 ? (
        <section aria-labelledby="measurement-notes-title" className={styles.notes}>
          <h4 id="measurement-notes-title">Notes on these results</h4>
          <ul>
            {notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

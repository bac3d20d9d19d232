/**
 * The trend's tooltip: the fields of the one record under the pointer, a result or an adverse-event onset, with its
 * study day from the subject's day 1 (the timeline's; docs/clinical-rules.md, Study medication and study day 1).
 */

import chartStyles from "@/components/charts/charts.module.css";
import type { AeOnset } from "@/lib/clinical/adverse-events/onsets";
import { displayDateTime } from "@/lib/clinical/common/date-time";
import { unitOrNone } from "@/lib/clinical/common/units";
import type { TrendPoint, TrendScale } from "@/lib/clinical/subjects/trend-series";
import { dayOf } from "@/sections/frame/record-rows";
import styles from "./subject.module.css";

const FLAG_WORDS = { H: "H, above the range", L: "L, below the range", N: "within the range" } as const;

/** A plotted point carries its series' label (the tooltip's item name is the axis's, not the series'). */
export type PlottedPoint = TrendPoint & { series: string };
type Datum = PlottedPoint | AeOnset;
const isOnset = (d: Datum): d is AeOnset => "term" in d;

export function TrendTooltip({
  active,
  payload,
  scale,
  dayOne = null,
}: {
  active?: boolean;
  payload?: readonly { payload?: Datum }[];
  scale: TrendScale;
  /** The subject's study day 1; null: the subject has none, and no study day is given. */
  dayOne?: string | null;
}) {
  const d = active ? payload?.[0]?.payload : undefined;
  if (!d) return null;
  const day = dayOf(dayOne)(isOnset(d) ? d.start : d.collectedAt);
  return (
    <dl className={`${chartStyles.chartTip} ${styles.pointFields}`}>
      {isOnset(d) ? <OnsetFields onset={d} day={day} /> : <PointFields point={d} uln={scale} day={day} />}
    </dl>
  );
}

const Field = ({ name, value }: { name: string; value: string }) => (
  <div>
    <dt>{name}: </dt>
    <dd>{value}</dd>
  </div>
);

/** The record's study day; none without a day 1. */
const StudyDayField = ({ day }: { day: number | null }) =>
  day === null ? null : <Field name="Study day" value={String(day)} />;

function OnsetFields({ onset, day }: { onset: AeOnset; day: number | null }) {
  return (
    <>
      <Field name="Adverse-event onset" value={onset.term} />
      <Field name="Grade" value={onset.grade === null ? "missing" : String(onset.grade)} />
      <Field name="Start" value={displayDateTime(onset.start)} />
      <StudyDayField day={day} />
      <Field name="Record" value={onset.key} />
    </>
  );
}

function PointFields({ point, uln, day }: { point: PlottedPoint; uln: TrendScale; day: number | null }) {
  return (
    <>
      <Field name="Series" value={point.series} />
      <Field name="Collected (site time)" value={displayDateTime(point.collectedAt)} />
      <StudyDayField day={day} />
      <Field name="Visit" value={point.visit ?? "(no visit)"} />
      <Field name="Result" value={`${point.raw} ${unitOrNone(point.unit)}`} />
      {/* To the thousandth that eDISH decides by: two decimals would read 2.999 as 3. */}
      {uln === "uln" ? <Field name="× ULN" value={String(point.value)} /> : null}
      <Field name="Flag" value={point.flag === null ? "none (no numeric range)" : FLAG_WORDS[point.flag]} />
      <Field name="Reference range" value={point.range ?? "none"} />
      <Field name="Record" value={point.id} />
    </>
  );
}

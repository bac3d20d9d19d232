/**
 * The trend chart's marks, drawn so that colour is never the only difference:
 * a result above its range is a triangle pointing up, below it a triangle
 * pointing down, within it (or without a range) a circle; each unit's series
 * has its own line dash; an adverse-event onset is a diamond on a dashed
 * vertical line. The legend says all of this in words.
 */
import { ReferenceArea } from "recharts";
import { ABOVE_RANGE, BELOW_RANGE, CONTEXT_MARK, SERIES_COLOURS } from "@/components/charts/palette";
import type { RangeFlag } from "@/lib/clinical/laboratory/reference-range";
import type { TrendPoint } from "@/lib/clinical/subjects/trend-series";
import styles from "./subject.module.css";

export const SERIES_DASHES = ["", "6 3", "2 3", "8 3 2 3"];
/** AE onsets: context for the subject's values. */
export const AE_COLOUR = CONTEXT_MARK;
export const BAND_OPACITY = 0.14;

export const seriesColour = (i: number) => SERIES_COLOURS[i % SERIES_COLOURS.length];
export const seriesDash = (i: number) => SERIES_DASHES[i % SERIES_DASHES.length];

/** The marker path of a result centred on (x, y). */
export function markerPath(flag: RangeFlag | null, x: number, y: number): string {
  if (flag === "H") return `M${x} ${y - 7}L${x + 6} ${y + 4}L${x - 6} ${y + 4}Z`;
  if (flag === "L") return `M${x} ${y + 7}L${x + 6} ${y - 4}L${x - 6} ${y - 4}Z`;
  return `M${x - 4} ${y}a4 4 0 1 0 8 0a4 4 0 1 0 -8 0Z`;
}

export const markerFill = (flag: RangeFlag | null, series: number) =>
  flag === "H" ? ABOVE_RANGE : flag === "L" ? BELOW_RANGE : seriesColour(series);

export const diamondPath = (x: number, y: number) => `M${x} ${y - 7}L${x + 6} ${y}L${x} ${y + 7}L${x - 6} ${y}Z`;

const Icon = ({ children }: { children: React.ReactNode }) => (
  <svg width="22" height="16" viewBox="0 0 22 16" aria-hidden="true" className={styles.legendMark}>
    {children}
  </svg>
);

/** One entry of the legend: its mark, then its words (the liver panel's legend too: ./liver-marks.tsx). */
export const Entry = ({ mark, children }: { mark: React.ReactNode; children: React.ReactNode }) => (
  <li>
    <Icon>{mark}</Icon> {children}
  </li>
);

const SeriesMark = ({ series }: { series: number }) => (
  <line
    x1="1"
    y1="8"
    x2="21"
    y2="8"
    stroke={seriesColour(series)}
    strokeWidth="2"
    strokeDasharray={seriesDash(series)}
  />
);

const OnsetMark = () => (
  <>
    <line x1="11" y1="0" x2="11" y2="16" stroke={AE_COLOUR} strokeDasharray="3 2" />
    <path d={diamondPath(11, 8)} fill={AE_COLOUR} />
  </>
);

/** The legend, as HTML under the chart: series by unit, the markers, the band and the onsets. */
export function TrendLegend({ series, bands, onsets }: { series: string[]; bands: boolean; onsets: number }) {
  return (
    <ul aria-label="Legend" className={styles.trendLegend}>
      {series.map((label, i) => (
        <Entry key={label} mark={<SeriesMark series={i} />}>
          {label}
        </Entry>
      ))}
      {bands ? (
        <Entry mark={<rect x="1" y="2" width="20" height="12" fill={seriesColour(0)} fillOpacity={BAND_OPACITY * 2} />}>
          Reference range of each record
        </Entry>
      ) : null}
      <Entry mark={<path d={markerPath("H", 11, 8)} fill={ABOVE_RANGE} />}>H: above the range</Entry>
      <Entry mark={<path d={markerPath("L", 11, 8)} fill={BELOW_RANGE} />}>L: below the range</Entry>
      <Entry mark={<path d={markerPath(null, 11, 8)} fill={seriesColour(0)} />}>within the range, or no range</Entry>
      {onsets > 0 ? <Entry mark={<OnsetMark />}>Adverse-event onset ({onsets})</Entry> : null}
    </ul>
  );
}

/**
 * A record's band, a recharts element made by a function for the chart to hold: an open bound reaches the plot's
 * edge; the data attributes name the record and its bounds.
 */
export function band(p: TrendPoint, series: number, yAxisId: string) {
  if (p.band === null) return null;
  const { x1, x2, low, high } = p.band;
  return (
    <ReferenceArea
      key={`band-${p.id}`}
      yAxisId={yAxisId}
      x1={x1}
      x2={x2}
      y1={high ?? undefined}
      y2={low ?? undefined}
      ifOverflow="hidden"
      shape={(r: { x?: number; y?: number; width?: number; height?: number }) => (
        <rect
          className="trend-band"
          data-record={p.id}
          data-low={low ?? ""}
          data-high={high ?? ""}
          x={r.x}
          y={r.y}
          width={r.width}
          height={r.height}
          fill={seriesColour(series)}
          fillOpacity={BAND_OPACITY}
        />
      )}
    />
  );
}

/** A result's marker: its flag's shape, in its series' colour; the data attributes name the record and its flag. */
export function pointMark({ cx, cy, payload }: { cx?: number; cy?: number; payload?: TrendPoint }, series: number) {
  if (cx === undefined || cy === undefined || !payload) return <g />;
  const flag = payload.flag === "H" || payload.flag === "L" ? payload.flag : null;
  return (
    <path
      className="trend-point"
      data-record={payload.id}
      data-flag={flag ?? "N"}
      d={markerPath(flag, cx, cy)}
      fill={markerFill(flag, series)}
      stroke="#fff"
      strokeWidth={0.5}
    />
  );
}

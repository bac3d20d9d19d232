/**
 * The lesion chart's marks, so that colour is never the only difference: each target lesion has its own marker
 * shape (circle, square, triangle, diamond, cross, in turn) and colour; the recomputed target sum is a thick solid
 * line of filled circles, the reported sum a dashed line of open squares, the nadir a dotted line of crosses. The
 * legend draws each line and marker and names it.
 */
import { ABOVE_RANGE, CHART_INK, CONTEXT_MARK, SERIES_COLOURS } from "@/components/charts/palette";
import type { ChartSeries } from "./lesion-chart-data";
import styles from "./tumour-response.module.css";

const SHAPES = ["circle", "square", "triangle", "diamond", "cross"] as const;
type Shape = (typeof SHAPES)[number] | "open-square";

export interface SeriesStyle {
  colour: string;
  dash: string;
  width: number;
  shape: Shape;
}

export function seriesStyle(s: ChartSeries, lesionIndex: number): SeriesStyle {
  if (s.kind === "sum") return { colour: CHART_INK, dash: "", width: 3, shape: "circle" };
  if (s.kind === "reported") return { colour: CONTEXT_MARK, dash: "6 3", width: 1.5, shape: "open-square" };
  if (s.kind === "nadir") return { colour: ABOVE_RANGE, dash: "2 3", width: 1.5, shape: "cross" };
  return {
    colour: SERIES_COLOURS[lesionIndex % SERIES_COLOURS.length],
    // Past five lesions the shapes repeat: a dash tells the second round apart.
    dash: lesionIndex < SHAPES.length ? "" : "4 2",
    width: 1.5,
    shape: SHAPES[lesionIndex % SHAPES.length],
  };
}

/** A marker centred on (x, y). */
export function Marker({ shape, x, y, colour }: { shape: Shape; x: number; y: number; colour: string }) {
  switch (shape) {
    case "square":
      return <rect x={x - 4} y={y - 4} width={8} height={8} fill={colour} />;
    case "open-square":
      return <rect x={x - 4} y={y - 4} width={8} height={8} fill="#fff" stroke={colour} strokeWidth={1.5} />;
    case "triangle":
      return <path d={`M${x} ${y - 5}L${x + 5} ${y + 4}L${x - 5} ${y + 4}Z`} fill={colour} />;
    case "diamond":
      return <path d={`M${x} ${y - 5}L${x + 5} ${y}L${x} ${y + 5}L${x - 5} ${y}Z`} fill={colour} />;
    case "cross":
      return (
        <path
          d={`M${x - 4} ${y - 4}L${x + 4} ${y + 4}M${x - 4} ${y + 4}L${x + 4} ${y - 4}`}
          stroke={colour}
          strokeWidth={2}
        />
      );
    default:
      return <circle cx={x} cy={y} r={4} fill={colour} />;
  }
}

/** The legend, as HTML under the chart: each series' line, marker and name. */
export function LesionLegend({ series, looks }: { series: ChartSeries[]; looks: SeriesStyle[] }) {
  return (
    <ul aria-label="Legend" className={styles.legend}>
      {series.map((s, i) => {
        const st = looks[i];
        return (
          <li key={s.key}>
            <svg width="30" height="16" viewBox="0 0 30 16" aria-hidden="true" className={styles.legendLine}>
              <line x1="1" y1="8" x2="29" y2="8" stroke={st.colour} strokeWidth={st.width} strokeDasharray={st.dash} />
              <Marker shape={st.shape} x={15} y={8} colour={st.colour} />
            </svg>{" "}
            {s.name}
          </li>
        );
      })}
    </ul>
  );
}

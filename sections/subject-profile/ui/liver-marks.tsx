/**
 * The liver panel's marks (docs/clinical-rules.md, Trends of one subject), drawn so that colour is never the only
 * difference: each test has its own marker shape (ALT a circle, AST a square, ALP a cross, total bilirubin a star),
 * line dash and colour, and Hy's law's lines run across at 3 and 2 ×ULN, each labelled. The legend says all of this
 * in words. Made by functions, not components, where the chart must hold them as its own children.
 */
import { ReferenceLine } from "recharts";
import { CHART_TEXT, REFERENCE_LINE } from "@/components/charts/palette";
import { PANEL_LABEL, PANEL_TESTS, PANEL_THRESHOLDS, type PanelTest } from "@/lib/clinical/liver/liver-panel";
import type { TrendPoint } from "@/lib/clinical/subjects/trend-series";
import styles from "./subject.module.css";
import { AE_COLOUR, diamondPath, Entry, seriesColour, seriesDash } from "./trend-marks";

const THRESHOLD_DASH = "4 4";

/** A five-pointed star centred on (x, y). */
function starPath(x: number, y: number): string {
  const corners = Array.from({ length: 10 }, (_, k) => {
    const angle = ((-90 + k * 36) * Math.PI) / 180;
    const r = k % 2 === 0 ? 7 : 3;
    return `${(x + r * Math.cos(angle)).toFixed(2)} ${(y + r * Math.sin(angle)).toFixed(2)}`;
  });
  return `M${corners.join("L")}Z`;
}

const SHAPE: Record<PanelTest, (x: number, y: number) => string> = {
  ALT: (x, y) => `M${x - 4.5} ${y}a4.5 4.5 0 1 0 9 0a4.5 4.5 0 1 0 -9 0Z`,
  AST: (x, y) => `M${x - 4} ${y - 4}h8v8h-8Z`,
  ALP: (x, y) => `M${x - 1.5} ${y - 5.5}h3v4h4v3h-4v4h-3v-4h-4v-3h4Z`,
  BILI: starPath,
};

/** A test's marker path centred on (x, y). */
export const panelMarkerPath = (test: PanelTest, x: number, y: number) => SHAPE[test](x, y);

/** A test's colour and line dash, by its place among the panel's tests: a test looks the same for every subject. */
export function panelLook(test: PanelTest): { colour: string; dash: string } {
  const i = PANEL_TESTS.indexOf(test);
  return { colour: seriesColour(i), dash: seriesDash(i) };
}

/** A result's marker: its test's shape and colour; the data attributes name the record, its test and its flag. */
export function panelPointMark(
  { cx, cy, payload }: { cx?: number; cy?: number; payload?: TrendPoint },
  test: PanelTest,
) {
  if (cx === undefined || cy === undefined || !payload) return <g />;
  return (
    <path
      className="trend-point"
      data-record={payload.id}
      data-test={test}
      data-flag={payload.flag === "H" || payload.flag === "L" ? payload.flag : "N"}
      d={panelMarkerPath(test, cx, cy)}
      fill={panelLook(test).colour}
      stroke="#fff"
      strokeWidth={0.5}
    />
  );
}

/** Hy's law's lines across the panel, each labelled with its multiple and its tests. */
export function panelThresholdLines(yAxisId: string) {
  return PANEL_THRESHOLDS.map((line) => (
    <ReferenceLine
      key={`threshold-${line.times}`}
      y={line.times}
      yAxisId={yAxisId}
      className="trend-threshold"
      stroke={REFERENCE_LINE}
      strokeDasharray={THRESHOLD_DASH}
      label={{ value: line.label, position: "insideTopRight", fill: CHART_TEXT, fontSize: 12 }}
    />
  ));
}

/** The panel's legend, as HTML under the chart: each test drawn, the lines across, and the onsets. */
export function LiverPanelLegend({ tests, onsets }: { tests: readonly PanelTest[]; onsets: number }) {
  return (
    <ul aria-label="Legend" className={styles.trendLegend}>
      {tests.map((test) => {
        const { colour, dash } = panelLook(test);
        return (
          <Entry
            key={test}
            mark={
              <>
                <line x1="1" y1="8" x2="21" y2="8" stroke={colour} strokeWidth="1.5" strokeDasharray={dash} />
                <path d={panelMarkerPath(test, 11, 8)} fill={colour} />
              </>
            }
          >
            {PANEL_LABEL[test]} (×ULN)
          </Entry>
        );
      })}
      {PANEL_THRESHOLDS.map((line) => (
        <Entry
          key={line.times}
          mark={<line x1="1" y1="8" x2="21" y2="8" stroke={REFERENCE_LINE} strokeDasharray={THRESHOLD_DASH} />}
        >
          {line.label}
        </Entry>
      ))}
      {onsets > 0 ? (
        <Entry
          mark={
            <>
              <line x1="11" y1="0" x2="11" y2="16" stroke={AE_COLOUR} strokeDasharray="3 2" />
              <path d={diamondPath(11, 8)} fill={AE_COLOUR} />
            </>
          }
        >
          Adverse-event onset ({onsets})
        </Entry>
      ) : null}
    </ul>
  );
}

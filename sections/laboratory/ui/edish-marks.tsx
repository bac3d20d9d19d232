/**
 * What the eDISH chart draws: its log axes, the four named quadrants, the dashed threshold lines and one series
 * per quadrant, as recharts elements made by functions (not components of their own), so that the chart sees them
 * as its own children.
 */
import { type LabelProps, ReferenceArea, ReferenceLine, Scatter, XAxis, YAxis } from "recharts";
import { CHART_TEXT, LIVER_LOOK, REFERENCE_LINE } from "@/components/charts/palette";
import { type EdishParams, QUADRANT_LABEL, QUADRANTS, type Quadrant, SCALE_UNIT } from "@/lib/clinical/liver/edish";
import type { LiverRow } from "../liver-tables";
import { type LogAxis, tickText } from "./edish-axes";

/** Marker and colour per quadrant: the shape tells them apart without colour. */
const LOOK: Record<Quadrant, { shape: "circle" | "triangle" | "square" | "star"; color: string }> = {
  normal: { shape: "circle", color: LIVER_LOOK.normal },
  hyperbilirubinemia: { shape: "triangle", color: LIVER_LOOK.hyperbilirubinemia },
  temple: { shape: "square", color: LIVER_LOOK.temple },
  "hys-law": { shape: "star", color: LIVER_LOOK["hys-law"] },
};

/** A log axis with every tick shown (they are few: decades and the threshold). */
const logAxisProps = (axis: LogAxis) => ({
  type: "number" as const,
  scale: "log" as const,
  domain: axis.domain,
  ticks: axis.ticks,
  tickFormatter: tickText,
  interval: 0,
  allowDataOverflow: true,
});

/** Peak transaminase across, peak total bilirubin up, in the scale's multiples (×ULN or ×baseline). */
export function logAxes(x: LogAxis, y: LogAxis, settings: EdishParams) {
  const unit = SCALE_UNIT[settings.scale];
  const xName = `Peak ${settings.transaminase} (${unit})`;
  const yName = `Peak total bilirubin (${unit})`;
  return [
    <XAxis
      key="x"
      {...logAxisProps(x)}
      dataKey="x"
      name={xName}
      height={50}
      label={{ value: xName, position: "insideBottom", offset: 0 }}
    />,
    <YAxis
      key="y"
      {...logAxisProps(y)}
      dataKey="y"
      name={yName}
      label={{ value: yName, angle: -90, position: "insideLeft", dy: 90 }}
    />,
  ];
}

const area = (q: Quadrant, xs: [number, number], ys: [number, number], position: LabelProps["position"]) => (
  <ReferenceArea
    key={q}
    x1={xs[0]}
    x2={xs[1]}
    y1={ys[0]}
    y2={ys[1]}
    fill={LOOK[q].color}
    fillOpacity={0.05}
    label={{ value: QUADRANT_LABEL[q], position, fill: CHART_TEXT, fontSize: 13 }}
  />
);

/** The four quadrants, each shaded in its colour and named in its corner. */
export function quadrantAreas(settings: EdishParams, x: LogAxis, y: LogAxis) {
  const [x0, x1] = x.domain;
  const [y0, y1] = y.domain;
  return [
    area("normal", [x0, settings.xThreshold], [y0, settings.yThreshold], "insideBottomLeft"),
    area("hyperbilirubinemia", [x0, settings.xThreshold], [settings.yThreshold, y1], "insideTopLeft"),
    area("temple", [settings.xThreshold, x1], [y0, settings.yThreshold], "insideBottomRight"),
    area("hys-law", [settings.xThreshold, x1], [settings.yThreshold, y1], "insideTopRight"),
  ];
}

/** A dashed line at each threshold, labelled with it: the transaminase's on top, the bilirubin's on the right. */
export function thresholdLines(settings: EdishParams) {
  const unit = SCALE_UNIT[settings.scale];
  const line = (at: { x: number } | { y: number }, value: number, position: "top" | "right") => (
    <ReferenceLine
      key={position}
      {...at}
      stroke={REFERENCE_LINE}
      strokeDasharray="6 3"
      label={{ value: `${value}${unit}`, position }}
    />
  );
  return [
    line({ x: settings.xThreshold }, settings.xThreshold, "top"),
    line({ y: settings.yThreshold }, settings.yThreshold, "right"),
  ];
}

/** One series per quadrant, with its marker shape and count; a click opens the point's subject (its row's part). */
export function quadrantSeries(rows: LiverRow[], open: (part: string) => void) {
  return QUADRANTS.map((q) => {
    const data = rows.filter((r) => r.quadrantKey === q);
    return (
      <Scatter
        key={q}
        name={`${QUADRANT_LABEL[q]} (${data.length})`}
        data={data}
        fill={LOOK[q].color}
        shape={LOOK[q].shape}
        legendType={LOOK[q].shape}
        isAnimationActive={false}
        cursor="pointer"
        onClick={(point) => open((point.payload as LiverRow).subject__href)}
      />
    );
  });
}

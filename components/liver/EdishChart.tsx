"use client";
/**
 * The eDISH scatter: one point per evaluable subject, peak transaminase
 * ×ULN against peak total bilirubin ×ULN on log axes, lines at the
 * thresholds, the four quadrants named on the chart, and one series per
 * quadrant with its own marker shape (so colour is never the only
 * distinction). Hover shows the subject's peaks and dates; a click opens the
 * subject's profile with its liver tests over time. Its data table holds
 * exactly the plotted rows.
 */
import { useRouter } from "next/navigation";
import {
  type LabelProps,
  Legend,
  ReferenceArea,
  ReferenceLine,
  Scatter,
  ScatterChart,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from "recharts";
import { ChartPanel } from "@/components/charts/ChartPanel";
import { type EdishParams, QUADRANT_LABEL, QUADRANTS, type Quadrant } from "@/lib/clinical/edish";
import { type LogAxis, logAxis, tickText } from "./edish-axes";
import { type LiverRow, liverColumns } from "./liver-rows";

/** Marker and colour per quadrant: the shape tells them apart without colour. */
const LOOK: Record<Quadrant, { shape: "circle" | "triangle" | "square" | "star"; color: string }> = {
  normal: { shape: "circle", color: "#475569" },
  hyperbilirubinemia: { shape: "triangle", color: "#b45309" },
  temple: { shape: "square", color: "#1d4ed8" },
  "hys-law": { shape: "star", color: "#b91c1c" },
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

interface Props {
  rows: LiverRow[];
  params: EdishParams;
  study: string;
}

export function EdishChart({ rows, params, study }: Props) {
  const router = useRouter();
  const x = logAxis(
    rows.map((r) => r.x),
    params.xThreshold,
  );
  const y = logAxis(
    rows.map((r) => r.y),
    params.yThreshold,
  );
  const t = params.transaminase;
  const [x0, x1] = x.domain;
  const [y0, y1] = y.domain;
  const area = (q: Quadrant, xs: [number, number], ys: [number, number], position: LabelProps["position"]) => (
    <ReferenceArea
      key={q}
      x1={xs[0]}
      x2={xs[1]}
      y1={ys[0]}
      y2={ys[1]}
      fill={LOOK[q].color}
      fillOpacity={0.05}
      label={{ value: QUADRANT_LABEL[q], position, fill: "#0f172a", fontSize: 13 }}
    />
  );
  return (
    <ChartPanel
      id="edish"
      title={`eDISH: peak ${t} against peak total bilirubin, ×ULN`}
      columns={liverColumns(params)}
      rows={rows}
      fileParts={["edish", study, t]}
    >
      <ScatterChart
        responsive
        style={{ width: "100%", maxWidth: 900, aspectRatio: 1.3 }}
        margin={{ top: 24, right: 90, bottom: 10, left: 20 }}
      >
        <XAxis
          {...logAxisProps(x)}
          dataKey="x"
          name={`Peak ${t} (×ULN)`}
          height={50}
          label={{ value: `Peak ${t} (×ULN)`, position: "insideBottom", offset: 0 }}
        />
        <YAxis
          {...logAxisProps(y)}
          dataKey="y"
          name="Peak total bilirubin (×ULN)"
          label={{ value: "Peak total bilirubin (×ULN)", angle: -90, position: "insideLeft", dy: 90 }}
        />
        {area("normal", [x0, params.xThreshold], [y0, params.yThreshold], "insideBottomLeft")}
        {area("hyperbilirubinemia", [x0, params.xThreshold], [params.yThreshold, y1], "insideTopLeft")}
        {area("temple", [params.xThreshold, x1], [y0, params.yThreshold], "insideBottomRight")}
        {area("hys-law", [params.xThreshold, x1], [params.yThreshold, y1], "insideTopRight")}
        <ReferenceLine
          x={params.xThreshold}
          stroke="#334155"
          strokeDasharray="6 3"
          label={{ value: `${params.xThreshold}×ULN`, position: "top" }}
        />
        <ReferenceLine
          y={params.yThreshold}
          stroke="#334155"
          strokeDasharray="6 3"
          label={{ value: `${params.yThreshold}×ULN`, position: "right" }}
        />
        <Tooltip content={(props) => <PointTip {...props} transaminase={t} />} cursor={{ strokeDasharray: "3 3" }} />
        <Legend verticalAlign="bottom" itemSorter={null} wrapperStyle={{ paddingTop: 12 }} />
        {QUADRANTS.map((q) => {
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
              onClick={(point) => router.push((point.payload as LiverRow).href)}
            />
          );
        })}
      </ScatterChart>
    </ChartPanel>
  );
}

function PointTip({ active, payload, transaminase }: TooltipContentProps & { transaminase: string }) {
  const row = active ? (payload?.[0]?.payload as LiverRow | undefined) : undefined;
  if (!row) return null;
  const peak = (name: string, times: unknown, value: unknown, unit: unknown, uln: unknown, date: unknown) =>
    `${name}: ${times} ×ULN (${value}${unit ? ` ${unit}` : ""}, ULN ${uln}) on ${date ?? "an unknown date"}`;
  return (
    <div style={{ background: "white", border: "1px solid #94a3b8", padding: "0.5rem", fontSize: 13 }}>
      <strong>Subject {row.subjectId}</strong> · {row.quadrant}
      <br />
      {peak(`Peak ${transaminase}`, row.x, row.xValue, row.xUnit, row.xUln, row.xDate)}
      <br />
      {peak("Peak total bilirubin", row.y, row.yValue, row.yUnit, row.yUln, row.yDate)}
      <br />
      Concurrent: {row.concurrent}
      {daysText(row.daysApart, transaminase)}
      <br />
      Click to open the subject&apos;s liver tests.
    </div>
  );
}

function daysText(days: unknown, transaminase: string): string {
  if (typeof days !== "number") return "";
  if (days === 0) return `: bilirubin peak on the day of the ${transaminase} peak`;
  const n = Math.abs(days);
  return `: bilirubin peak ${n} day${n === 1 ? "" : "s"} ${days > 0 ? "after" : "before"} the ${transaminase} peak`;
}

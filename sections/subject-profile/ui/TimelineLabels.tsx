"use client";
/**
 * The grade labels of the subject timeline's bars (`G3`), drawn over the bars as one layer, each where
 * ./timeline-labels.ts places it so that none overlaps another or a bar. They repeat what each bar's accessible
 * name says, so they are hidden from assistive technology, and let clicks through to the bars.
 */
import { DefaultZIndexes, usePlotArea, useXAxisScale, useYAxisScale, ZIndexLayer } from "recharts";
import { CHART_TEXT } from "@/components/charts/palette";
import { BAR, barWidth, runOnRoom } from "./TimelineShape";
import { placeLabels, type SpanBox } from "./timeline-labels";
import { seriesTextColour } from "./timeline-style";
import { itemId, type TimelineItem } from "./timeline-targets";

export function TimelineLabels({ items }: { items: TimelineItem[] }) {
  const x = useXAxisScale();
  const y = useYAxisScale();
  const area = usePlotArea();
  if (!x || !y || !area) return null;
  const spans: SpanBox[] = [];
  const seriesOf = new Map<string, string>();
  for (const item of items) {
    if (item.kind !== "adverse-event" && item.kind !== "medication") continue;
    const x0 = x(item.from) ?? 0;
    seriesOf.set(itemId(item), item.series);
    spans.push({
      key: itemId(item),
      lane: item.lane,
      x0,
      x1: x0 + barWidth(x0, x(item.to) ?? x0),
      after: runOnRoom(item),
      text: item.label,
    });
  }
  // Above the bars (a Scatter's layer): recharts draws its own layers in their order, whatever the JSX order.
  return (
    <ZIndexLayer zIndex={DefaultZIndexes.scatter + 1}>
      <g pointerEvents="none" data-layer="timeline-labels">
        {placeLabels(spans, area.x + area.width).map((p) => {
          const cy = y(p.lane) ?? 0;
          return (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an SVG text is not focusable; the bar's name says it.
            <text
              key={p.key}
              aria-hidden="true"
              data-label-of={p.key}
              data-where={p.where}
              x={p.x}
              y={p.where === "above" ? cy - BAR / 2 - 3 : cy + 4}
              fontSize={10}
              fontWeight={700}
              fill={p.where === "inside" ? seriesTextColour(seriesOf.get(p.key) ?? "") : CHART_TEXT}
            >
              {p.text}
            </text>
          );
        })}
      </g>
    </ZIndexLayer>
  );
}

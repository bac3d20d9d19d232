/**
 * The zero line and the dashed RECIST thresholds of the waterfall and spider plots, as recharts elements made by
 * a function (not a component of its own), so that the chart sees them as its own children.
 */
import { ReferenceLine } from "recharts";
import { REFERENCE_LINE } from "@/components/charts/palette";

export const REFERENCE_LINES = [
  { value: 20, label: "+20 %: progression" },
  { value: -30, label: "−30 %: partial response" },
] as const;

export function referenceLines(lines: readonly { value: number; label: string }[] = REFERENCE_LINES) {
  return [
    <ReferenceLine key="zero" y={0} stroke={REFERENCE_LINE} />,
    ...lines.map((l) => (
      <ReferenceLine
        key={l.value}
        y={l.value}
        stroke={REFERENCE_LINE}
        strokeDasharray="6 4"
        label={{ value: l.label, position: "right", fontSize: 12 }}
      />
    )),
  ];
}

"use client";
/**
 * A box plot's marks for one category, shared by the distribution charts (laboratory, vital signs): a box from Q1
 * to Q3, a thick line at the median, whiskers to Tukey's whisker ends (docs/clinical-rules.md, Box plots) with caps,
 * and each outlier beyond them as a hollow circle. recharts has no box plot: the charts draw these inside a range
 * bar from the minimum to the maximum, so that the value axis spans every value, outliers included.
 */
import { useYAxisScale } from "recharts";
import { DISTRIBUTION_LOOK } from "./palette";

export interface BoxValues {
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  whiskerLow: number;
  whiskerHigh: number;
  outliers: readonly number[];
}

/** Where a value is drawn, in pixels down the chart. */
export type ValueToY = (value: number) => number;

const INK = DISTRIBUTION_LOOK.line;
export const OUTLIER_RADIUS = 3;

/** The marks of one box, centred on `mid`, `width` wide. */
export function BoxMarks({ box, y, mid, width }: { box: BoxValues; y: ValueToY; mid: number; width: number }) {
  const left = mid - width / 2;
  const cap = (v: number) => <line x1={mid - width / 4} x2={mid + width / 4} y1={y(v)} y2={y(v)} stroke={INK} />;
  return (
    <>
      <line x1={mid} x2={mid} y1={y(box.whiskerHigh)} y2={y(box.q3)} stroke={INK} data-whisker="high" />
      <line x1={mid} x2={mid} y1={y(box.q1)} y2={y(box.whiskerLow)} stroke={INK} data-whisker="low" />
      {cap(box.whiskerHigh)}
      {cap(box.whiskerLow)}
      <rect
        x={left}
        y={y(box.q3)}
        width={width}
        height={Math.max(1, y(box.q1) - y(box.q3))}
        fill={DISTRIBUTION_LOOK.fill}
        stroke={INK}
      />
      <line x1={left} x2={left + width} y1={y(box.median)} y2={y(box.median)} stroke={INK} strokeWidth={3} />
      {box.outliers.map((v, i) => (
        <circle
          // Equal outliers draw one over the other: the index tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the outliers are a fixed list, never reordered.
          key={i}
          cx={mid}
          cy={y(v)}
          r={OUTLIER_RADIUS}
          fill="#ffffff"
          stroke={INK}
          strokeWidth={1.5}
          data-outlier={v}
        />
      ))}
    </>
  );
}

/**
 * The value axis's own scale where the chart gives it (linear or log); otherwise a linear reading of the range bar:
 * its top is the maximum and its bottom the minimum.
 */
export function useValueToY(bar: { y: number; height: number }, min: number, max: number): ValueToY {
  const scale = useYAxisScale();
  if (scale) return (v) => Number(scale(v));
  return linearFromBar(bar, min, max);
}

/** A value's height read off a range bar from `min` (its bottom) to `max` (its top) by proportion. */
export function linearFromBar(bar: { y: number; height: number }, min: number, max: number): ValueToY {
  const top = Math.min(bar.y, bar.y + bar.height);
  const span = Math.abs(bar.height);
  return (v) => (max === min ? top + span / 2 : top + (span * (max - v)) / (max - min));
}

/** What a box says, in words: for its accessible name and its tooltip. */
export function boxWords(box: BoxValues & { n: number }, unit: string): string {
  const outliers = box.outliers.length ? `; outliers ${box.outliers.join(", ")}` : "; no outliers";
  return (
    `n ${box.n}, min ${box.min}, whisker ${box.whiskerLow}, Q1 ${box.q1}, median ${box.median}, Q3 ${box.q3}, ` +
    `whisker ${box.whiskerHigh}, max ${box.max}${unit ? ` ${unit}` : ""}${outliers}`
  );
}

/** The legend's words for the marks. */
export const BOX_LEGEND =
  "Box: Q1 to Q3 · thick line: median · whiskers: the most extreme values within 1.5 × IQR of the box (Tukey) · " +
  "circles: outliers beyond them";

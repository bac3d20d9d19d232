/**
 * What the reading system reports for an assessment: target sum, absolute
 * changes against baseline, previous and nadir, and the overall response,
 * all derived from the lesion readings with the service's rules (recist-rules.ts).
 */

import type { Reading } from "./recist-baseline";
import {
  nonTargetResponse,
  type OverallResponse,
  overallResponse,
  RESPONSE_LABEL,
  targetResponse,
  targetSum,
} from "./recist-rules";

/** Conclusion of a baseline assessment: no response is defined yet. */
export const BASELINE_CONCLUSION = "Undefined";

export interface Changes {
  changeBaseline: number | null;
  changePrevious: number | null;
  changeNadir: number | null;
}

export interface Metrics extends Changes {
  sum: number | null;
  response: OverallResponse | null;
  conclusion: string;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

export function changesOf(
  value: number | null,
  baseline: number | null,
  previous: number | null,
  nadir: number | null,
): Changes {
  const diff = (ref: number | null) => (value === null || ref === null ? null : round1(value - ref));
  return { changeBaseline: diff(baseline), changePrevious: diff(previous), changeNadir: diff(nadir) };
}

/** Reference points from the sums before this assessment: baseline, last existing sum, smallest sum. */
export function references(previousSums: readonly (number | null)[]): {
  baseline: number | null;
  previous: number | null;
  nadir: number | null;
} {
  const existing = previousSums.filter((s): s is number => s !== null);
  if (previousSums.length === 0 || existing.length === 0) return { baseline: null, previous: null, nadir: null };
  return { baseline: previousSums[0], previous: existing[existing.length - 1], nadir: Math.min(...existing) };
}

/** Metrics of one assessment given the sums of the assessments before it (baseline first). */
export function metricsAt(previousSums: readonly (number | null)[], readings: readonly Reading[]): Metrics {
  const targets = readings.filter((r) => r.def.category === "Target");
  const sum = targetSum(targets);
  const ref = references(previousSums);
  if (previousSums.length === 0) {
    return {
      sum,
      changeBaseline: null,
      changePrevious: null,
      changeNadir: null,
      response: null,
      conclusion: BASELINE_CONCLUSION,
    };
  }
  // A subject without target lesions has no sums at all; its target response is None (RECIST 1.1 Table 2).
  const target = targetResponse({ baselineSum: ref.baseline ?? 0, nadirSum: ref.nadir ?? 0, currentSum: sum, targets });
  const nonTarget = nonTargetResponse(readings.filter((r) => r.def.category === "Non-target"));
  const response = overallResponse(
    target,
    nonTarget,
    readings.some((r) => r.def.category === "New lesion"),
  );
  return {
    sum,
    ...changesOf(sum, ref.baseline, ref.previous, ref.nadir),
    response,
    conclusion: RESPONSE_LABEL[response],
  };
}

/** Metrics of every assessment of a series, each against its own predecessors. */
export function metricsSeries(series: readonly (readonly Reading[])[]): Metrics[] {
  const sums: (number | null)[] = [];
  return series.map((readings) => {
    const m = metricsAt(sums, readings);
    sums.push(m.sum);
    return m;
  });
}

/** Per-lesion changes at assessment k of a series, matched by label. */
export function lesionChanges(series: readonly (readonly Reading[])[], k: number, reading: Reading): Changes {
  if (k === 0 || reading.value === null) return { changeBaseline: null, changePrevious: null, changeNadir: null };
  const earlier = series.slice(0, k).map((rs) => rs.find((r) => r.def.label === reading.def.label)?.value ?? null);
  const ref = references(earlier);
  return changesOf(reading.value, earlier[0] ?? null, ref.previous, ref.nadir);
}

/**
 * Which trend the URL asks for (`trend=`, `scale=`), read against the tests
 * and vital-sign items the subject has. A laboratory test is named by its key
 * (service code, or name without one) or by its name (`trend=ALT`); a
 * vital-sign item by `vs:` and its key, or by its name. Anything else falls
 * back to the first test, so a stale or hand-edited link still shows a trend
 * and never an error, and the unknown value is not shown back.
 */
import type { TrendScale } from "@/lib/clinical/subjects/trend-series";

export type TrendKind = "lab" | "vital";

export interface TrendOption {
  /** The URL value: the lab key, or `vs:` and the vital-sign key. */
  value: string;
  kind: TrendKind;
  key: string;
  /** The test's or item's name as sent. */
  test: string;
  label: string;
}

export const VITAL_PREFIX = "vs:";

export function trendOptions(
  labs: readonly { key: string; test: string }[],
  vitals: readonly { key: string; test: string }[],
): TrendOption[] {
  const label = (t: { key: string; test: string }) => (t.key === t.test ? t.test : `${t.test} (${t.key})`);
  return [
    ...labs.map((t) => ({ ...t, value: t.key, kind: "lab" as const, label: label(t) })),
    ...vitals.map((t) => ({ ...t, value: `${VITAL_PREFIX}${t.key}`, kind: "vital" as const, label: label(t) })),
  ];
}

/** The option the URL names, by value first and then by test name; else the first option; none without options. */
export function chooseTrend(param: string | null, options: readonly TrendOption[]): TrendOption | null {
  if (param !== null) {
    const chosen = options.find((o) => o.value === param) ?? options.find((o) => o.test === param);
    if (chosen) return chosen;
  }
  return options[0] ?? null;
}

export const chooseScale = (param: string | null): TrendScale => (param === "uln" ? "uln" : "raw");

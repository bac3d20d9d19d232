/**
 * Which trend the URL asks for (`trend=`, `scale=`), read against the tests
 * and vital-sign items the subject has. A laboratory test is named by its key
 * (service code, or name without one) or by its name (`trend=ALT`); a
 * vital-sign item by `vs:` and its key, or by its name; the liver panel by
 * `liver`, offered when the subject has a liver test with an upper limit.
 * Anything else falls back to the first test, so a stale or hand-edited link
 * still shows a trend and never an error, and the unknown value is not shown back.
 */
import { LIVER_PANEL_NAME } from "@/lib/clinical/liver/liver-panel";
import type { TrendScale } from "@/lib/clinical/subjects/trend-series";
import { vitalItemName, vitalNameWithUnit } from "@/lib/clinical/vital-signs/names";
import { LIVER_PANEL_TREND } from "@/sections/frame/addresses";

export type TrendKind = "lab" | "vital" | "liver";

export interface TrendOption {
  /** The URL value: the lab key, or `vs:` and the vital-sign key. */
  value: string;
  kind: TrendKind;
  key: string;
  /** The test's or item's name as sent. */
  test: string;
  /** A test by its name and code; a vital-sign item by its plain name and unit (`Temperature (°F)`). */
  label: string;
}

type Measured = { key: string; test: string; unit?: string | null };

export const VITAL_PREFIX = "vs:";

/** The liver panel's choice: ALT, AST, ALP and total bilirubin ×ULN together (lib/clinical/liver/liver-panel.ts). */
export const LIVER_OPTION: TrendOption = {
  value: LIVER_PANEL_TREND,
  kind: "liver",
  key: LIVER_PANEL_TREND,
  test: LIVER_PANEL_NAME,
  label: `${LIVER_PANEL_NAME} (×ULN)`,
};

/** The tests, the liver panel after them when `liver` (the first test stays the default), then the vital signs. */
export function trendOptions(labs: readonly Measured[], vitals: readonly Measured[], liver = false): TrendOption[] {
  const label = (t: Measured) => (t.key === t.test ? t.test : `${t.test} (${t.key})`);
  // A vital sign's code says nothing to a reader; its unit tells two items of one name apart (°F and °C).
  const vitalLabel = ({ test, unit = null }: Measured) =>
    unit === null ? vitalItemName(test, null) : vitalNameWithUnit(test, unit);
  return [
    ...labs.map(({ key, test }) => ({ key, test, value: key, kind: "lab" as const, label: label({ key, test }) })),
    ...(liver ? [LIVER_OPTION] : []),
    ...vitals.map((t) => ({
      key: t.key,
      test: t.test,
      value: `${VITAL_PREFIX}${t.key}`,
      kind: "vital" as const,
      label: vitalLabel(t),
    })),
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

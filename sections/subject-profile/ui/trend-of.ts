/**
 * The trend a subject's profile draws for its search parameters (`trend`, `scale`): the choices, the chosen test's
 * series (or the liver panel's, always ×ULN) and the adverse-event onsets on its time axis, each computed once per
 * subject (the profile's memo). The page's chart and its export both start here, so that the file holds the plotted
 * values.
 */

import { aeOnsets } from "@/lib/clinical/adverse-events/onsets";
import type { AdverseEventRow } from "@/lib/clinical/adverse-events/rows";
import { testKey } from "@/lib/clinical/laboratory/grid";
import { timesUln } from "@/lib/clinical/laboratory/reference-range";
import { hasLiverPanel, liverPanel } from "@/lib/clinical/liver/liver-panel";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import { measurementTests, type Trend, trendSeries } from "@/lib/clinical/subjects/trend-series";
import { vitalItemName, vitalNameWithUnit } from "@/lib/clinical/vital-signs/names";
import type { ParamSource } from "@/lib/tables/url-state";
import { SCALE_PARAM, TREND_PARAM } from "../query";
import { noMemo, type SubjectMemo } from "../subject-memo";
import { chooseScale, chooseTrend, trendOptions } from "./trend-choice";

export interface TrendInput {
  labs: readonly MeasurementRow[];
  vitals: readonly MeasurementRow[];
  adverseEvents: readonly AdverseEventRow[];
  memo?: SubjectMemo;
}

/**
 * A vital-sign trend under the item's plain name (docs/clinical-rules.md, Vital signs): its title with the unit of
 * its first series (`Temperature (°F)`; two items of one name differ by it), each series with its own.
 */
function vitalNamed(trend: Trend): Trend {
  const first = trend.series[0];
  return {
    ...trend,
    test: first ? vitalNameWithUnit(trend.test, first.unit) : vitalItemName(trend.test, null),
    series: trend.series.map((s) => ({ ...s, label: vitalNameWithUnit(trend.test, s.unit) })),
  };
}

export function trendOf(input: TrendInput, searchParams: ParamSource) {
  const { labs, vitals, adverseEvents, memo = noMemo } = input;
  const options = memo("trend options", () =>
    trendOptions(measurementTests(labs), measurementTests(vitals), hasLiverPanel(labs)),
  );
  const chosen = chooseTrend(searchParams.get(TREND_PARAM), options);
  if (!chosen) return { options, chosen: null } as const;
  const { onsets, withoutStart } = memo("adverse-event onsets", () => aeOnsets(adverseEvents));
  if (chosen.kind === "liver") {
    const trend = memo("trend liver panel", () => liverPanel(labs), "trend");
    return { options, chosen, trend, ulnAvailable: true, onsets, withoutStart } as const;
  }
  const scale = chooseScale(searchParams.get(SCALE_PARAM));
  const rows = chosen.kind === "lab" ? labs : vitals;
  const { trend, ulnAvailable } = memo(
    `trend ${chosen.value} ${scale}`,
    () => ({
      trend:
        chosen.kind === "vital"
          ? vitalNamed(trendSeries(rows, chosen.key, scale))
          : trendSeries(rows, chosen.key, scale),
      ulnAvailable: rows.some((r) => testKey(r) === chosen.key && timesUln(r.value, r.range) !== null),
    }),
    "trend",
  );
  return { options, chosen, trend, ulnAvailable, onsets, withoutStart } as const;
}

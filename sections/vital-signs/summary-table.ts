/**
 * The summary by visit of the chosen vital-sign group as table rows: every
 * count links to the listing filtered to the group and visit (and to the
 * text, the flag, or the records with a range it counts). Numbers are rounded for display
 * (lib/clinical/vital-signs/stats.ts, roundSummary); the chart plots the same ones.
 */

import type { FiveNumbers } from "@/lib/clinical/laboratory/stats";
import { roundSummary } from "@/lib/clinical/vital-signs/stats";
import type { VitalGroupSummary } from "@/lib/clinical/vital-signs/study";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { vitalHref } from "@/sections/vital-signs/query";
import { NO_RESULT, NO_VISIT } from "./listing-table";

export const LISTING_ANCHOR = "vital-listing";
/** The URL prefix of the listing's table state. */
export const LISTING_PREFIX = "vs_";

export interface SummaryTable {
  columns: DataColumn[];
  rows: DataRow[];
}

/** The listing's address for the group at one visit (and text), optionally narrowed by its table's flag filter. */
function listing(
  base: string,
  g: VitalGroupSummary,
  at: { visit: string | null; value?: string | null; flag?: string; ranged?: boolean },
) {
  const target = { test: g.test, unit: g.unit, kind: g.kind, visit: at.visit, value: at.value, ranged: at.ranged };
  return vitalHref(base, target, at.flag ? { [`${LISTING_PREFIX}f_flag`]: at.flag } : {}, LISTING_ANCHOR);
}

export function numberSummaryTable(base: string, g: VitalGroupSummary): SummaryTable {
  const decimals = g.numbers?.decimals ?? 0;
  const ranges = g.withRangeText > 0;
  const columns: DataColumn[] = [
    { id: "visit", header: "Visit" },
    { id: "n", header: "n", type: "number", href: "n_href" },
    { id: "mean", header: "Mean", type: "number" },
    { id: "sd", header: "SD", type: "number" },
    { id: "median", header: "Median", type: "number" },
    { id: "min", header: "Min", type: "number" },
    { id: "max", header: "Max", type: "number" },
    ...(ranges
      ? ([
          { id: "withRange", header: "With a range", type: "number", href: "range_href" },
          { id: "low", header: "Below range (L)", type: "number", href: "low_href" },
          { id: "high", header: "Above range (H)", type: "number", href: "high_href" },
        ] satisfies DataColumn[])
      : []),
  ];
  const rows = (g.numbers?.visits ?? []).map((v): DataRow => {
    const s = roundSummary(v.summary, decimals);
    const at = (flag?: "L" | "H") => listing(base, g, { visit: v.visit, flag });
    return {
      visit: v.visit ?? NO_VISIT,
      n: s.n,
      n_href: at(),
      mean: s.mean,
      sd: s.sd,
      median: s.median,
      min: s.min,
      max: s.max,
      ...(ranges
        ? {
            withRange: v.withRange,
            range_href: v.withRange > 0 ? listing(base, g, { visit: v.visit, ranged: true }) : null,
            low: v.low,
            low_href: v.low > 0 ? at("L") : null,
            high: v.high,
            high_href: v.high > 0 ? at("H") : null,
          }
        : {}),
    };
  });
  return { columns, rows };
}

/** One box per visit, the values rounded as in the summary table (quartiles like the median). */
export interface BoxRow extends FiveNumbers {
  visit: string;
  n: number;
  /** The listing of the visit's records. */
  href: string;
}

export function boxRows(base: string, g: VitalGroupSummary): BoxRow[] {
  return (g.numbers?.visits ?? []).map((v) => {
    const { n, min, q1, median, q3, max } = roundSummary(v.summary, g.numbers?.decimals ?? 0);
    return { visit: v.visit ?? NO_VISIT, n, min, q1, median, q3, max, href: listing(base, g, { visit: v.visit }) };
  });
}

export function textSummaryTable(base: string, g: VitalGroupSummary): SummaryTable {
  const texts = g.texts?.texts ?? [];
  const columns: DataColumn[] = [
    { id: "visit", header: "Visit" },
    { id: "n", header: "Records", type: "number", href: "n_href" },
    ...texts.map((t, i): DataColumn => ({ id: `t${i}`, header: t ?? NO_RESULT, type: "number", href: `t${i}_href` })),
  ];
  const rows = (g.texts?.visits ?? []).map((v): DataRow => {
    const row: DataRow = { visit: v.visit ?? NO_VISIT, n: v.n, n_href: listing(base, g, { visit: v.visit }) };
    texts.forEach((t, i) => {
      row[`t${i}`] = v.counts[i];
      row[`t${i}_href`] = v.counts[i] > 0 ? listing(base, g, { visit: v.visit, value: t }) : null;
    });
    return row;
  });
  return { columns, rows };
}

/**
 * The chosen group's summary by visit (./tables.ts): numbers, or subjects per text; every count opens the listing
 * of the records behind it.
 */

import { vitalGroupLabel } from "@/lib/clinical/vital-signs/groups";
import { roundSummary } from "@/lib/clinical/vital-signs/stats";
import type { VitalGroupSummary } from "@/lib/clinical/vital-signs/study";
import type { PlainTable } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { SUMMARY_PREFIX, visitListingHref } from "./query";
import { countedOnly, NO_RESULT, NO_VISIT } from "./tables";

interface SummaryTable {
  columns: DataColumn[];
  rows: DataRow[];
}

export function vitalSummaryTable(g: VitalGroupSummary, base: string): PlainTable {
  const label = vitalGroupLabel(g);
  const table = g.kind === "number" ? numberSummaryTable(base, g) : textSummaryTable(base, g);
  const caption =
    g.kind === "number"
      ? `${label} by visit (visits in schedule order)`
      : `${label}: subjects per text and visit (visits in schedule order)`;
  return { caption, ...table, urlPrefix: SUMMARY_PREFIX };
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
  const counted = countedOnly(g);
  const rows = (g.numbers?.visits ?? []).map((v): DataRow => {
    const s = roundSummary(v.summary, decimals);
    const at = (flag?: "L" | "H") => visitListingHref(base, g, { visit: v.visit, flag, counted });
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
            range_href: v.withRange > 0 ? visitListingHref(base, g, { visit: v.visit, ranged: true, counted }) : null,
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

function textSummaryTable(base: string, g: VitalGroupSummary): SummaryTable {
  const texts = g.texts?.texts ?? [];
  const columns: DataColumn[] = [
    { id: "visit", header: "Visit" },
    { id: "n", header: "Subjects", type: "number", href: "n_href" },
    ...texts.map((t, i): DataColumn => ({ id: `t${i}`, header: t ?? NO_RESULT, type: "number", href: `t${i}_href` })),
  ];
  const counted = countedOnly(g);
  const rows = (g.texts?.visits ?? []).map((v): DataRow => {
    const n_href = visitListingHref(base, g, { visit: v.visit, counted });
    const row: DataRow = { visit: v.visit ?? NO_VISIT, n: v.n, n_href };
    texts.forEach((t, i) => {
      row[`t${i}`] = v.counts[i];
      row[`t${i}_href`] = v.counts[i] > 0 ? visitListingHref(base, g, { visit: v.visit, value: t, counted }) : null;
    });
    return row;
  });
  return { columns, rows };
}

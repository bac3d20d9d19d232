/**
 * The summary's table of best overall responses as rows: each response, N, ORR, DCR and the subjects left out, as
 * signed and as recomputed side by side, each count linked to its subjects (docs/clinical-rules.md, Tumour response).
 */

import { percentText } from "@/lib/clinical/common/percent";
import type { Interval } from "@/lib/clinical/response/clopper-pearson";
import type { Population } from "@/lib/clinical/response/population";
import type { BorSummary, Rate, StudyResponse } from "@/lib/clinical/response/study-response";
import { NON_CR_NON_PD, type Response } from "@/lib/clinical/response/timepoint";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import type { BorSource, DrillGroup } from "../query";

// The best overall responses: one row per response, then N, ORR, DCR and the subjects left out, each as signed and as
// recomputed side by side (docs/clinical-rules.md, Tumour response). ORR counts CR and PR; DCR counts CR, PR, SD and
// Non-CR/Non-PD (the disease control of a subject with non-target disease only). Every count opens its subjects; where
// the two disagree the row says so in words (`≠`, and by how much), never by colour alone, and opens the list of the
// subjects whose two BORs differ.

const num = "number" as const;

export const BOR_COLUMNS: DataColumn[] = [
  { id: "response", header: "Best overall response" },
  { id: "signedN", header: "As signed: n", type: num, href: "signedHref" },
  { id: "signedPercent", header: "As signed: % of N" },
  { id: "signedCi", header: "As signed: exact 95 % CI (%)" },
  { id: "recomputedN", header: "As recomputed: n", type: num, href: "recomputedHref" },
  { id: "recomputedPercent", header: "As recomputed: % of N" },
  { id: "recomputedCi", header: "As recomputed: exact 95 % CI (%)" },
  { id: "difference", header: "Signed and recomputed", href: "differenceHref" },
];

const RESPONSE_ROWS: readonly [Response, string][] = [
  ["CR", "CR (complete response)"],
  ["PR", "PR (partial response)"],
  ["SD", "SD (stable disease)"],
  [NON_CR_NON_PD, "Non-CR/Non-PD (non-target disease only)"],
  ["PD", "PD (progressive disease)"],
  ["NE", "NE (not evaluable)"],
];

/** The links the table's counts open. */
export interface BorLinks {
  /** The listing of the evaluable subjects of a group, as signed or as recomputed. */
  drill: (source: BorSource, group: DrillGroup) => string;
  /** The list of subjects whose two BORs differ. */
  differ: string;
  /** The list of subjects left out of N. */
  leftOut: string;
}

/** An interval in percent to one decimal, `35.8–69.0`; "" when there is none (N is 0). */
export function intervalText(interval: Interval | null): string {
  return interval === null ? "" : `${(100 * interval.lower).toFixed(1)}–${(100 * interval.upper).toFixed(1)}`;
}

/** `= same` or `≠ recomputed +1` (recomputed minus signed), so that a difference reads without colour. */
export function differenceText(signed: number, recomputed: number): string {
  const d = recomputed - signed;
  return d === 0 ? "= same" : `≠ differs: recomputed ${d > 0 ? "+" : "−"}${Math.abs(d)}`;
}

interface Counts {
  signed: number;
  recomputed: number;
  n: number;
}

function countRow(label: string, { signed, recomputed, n }: Counts, group: DrillGroup, links: BorLinks): DataRow {
  return {
    response: label,
    signedN: signed,
    signedHref: signed > 0 ? links.drill("signed", group) : null,
    signedPercent: percentText(signed, n),
    signedCi: "",
    recomputedN: recomputed,
    recomputedHref: recomputed > 0 ? links.drill("recomputed", group) : null,
    recomputedPercent: percentText(recomputed, n),
    recomputedCi: "",
    difference: differenceText(signed, recomputed),
    differenceHref: signed === recomputed ? null : links.differ,
  };
}

function rateRow(label: string, group: "ORR" | "DCR", signed: Rate, recomputed: Rate, links: BorLinks): DataRow {
  return {
    ...countRow(label, { signed: signed.n, recomputed: recomputed.n, n: signed.of }, group, links),
    signedPercent: signed.percent?.toFixed(1) ?? "",
    signedCi: intervalText(signed.interval),
    recomputedPercent: recomputed.percent?.toFixed(1) ?? "",
    recomputedCi: intervalText(recomputed.interval),
  };
}

/** The N row's words under each population (docs/clinical-rules.md, Study rates). */
export const N_LABEL: Readonly<Record<Population, string>> = {
  evaluable: "N (evaluable subjects)",
  itt: "N (intent to treat: the evaluable subjects and those with disease at baseline but no assessment after it)",
};

export function borTableRows(study: StudyResponse, links: BorLinks): DataRow[] {
  const { signed, recomputed, n } = study;
  const counts = (r: Response, a: BorSummary = signed, b: BorSummary = recomputed) => ({
    signed: a.counts[r],
    recomputed: b.counts[r],
    n,
  });
  const left = study.leftOut.length;
  return [
    ...RESPONSE_ROWS.map(([r, label]) => countRow(label, counts(r), r, links)),
    {
      ...countRow(N_LABEL[study.population], { signed: n, recomputed: n, n }, "N", links),
      signedPercent: "",
      recomputedPercent: "",
    },
    rateRow("ORR: objective response rate (CR + PR)", "ORR", signed.orr, recomputed.orr, links),
    rateRow("DCR: disease control rate (CR + PR + SD + Non-CR/Non-PD)", "DCR", signed.dcr, recomputed.dcr, links),
    {
      response: "Left out of N (not evaluable)",
      signedN: left,
      signedHref: left > 0 ? links.leftOut : null,
      signedPercent: "",
      signedCi: "",
      recomputedN: left,
      recomputedHref: left > 0 ? links.leftOut : null,
      recomputedPercent: "",
      recomputedCi: "",
      difference: "= same",
      differenceHref: null,
    },
  ];
}

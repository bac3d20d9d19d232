/**
 * The Tumour response section's tables as its pages show them and their exports write them. The summary's: the
 * best overall responses as signed and recomputed, the subjects a count chose (or every subject), the subjects whose
 * two BORs differ, and those left out of N with the reason. A subject's response page's: every assessment
 * recomputed beside the signed one, every lesion at every assessment, and the target lesions' chart data. The
 * plots' data tables are shaped with their plots (./ui/waterfall-data.ts, spider-data.ts, swimmer-data.ts).
 */

import { chartTable } from "@/components/charts/chart-table";
import { percentText } from "@/lib/clinical/common/percent";
import type { Interval } from "@/lib/clinical/response/clopper-pearson";
import { inPopulation, type Population } from "@/lib/clinical/response/population";
import type { BorSummary, Rate, StudyResponse } from "@/lib/clinical/response/study-response";
import type { SubjectResponse } from "@/lib/clinical/response/subject-response";
import { NON_CR_NON_PD, type Response } from "@/lib/clinical/response/timepoint";
import type { PlainTable } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { RESPONSE_ASSESSMENTS } from "@/sections/frame/addresses";
import { exportKeys } from "@/sections/frame/export-keys";
import type { FoundSubject, TumourResponseView } from "./load";
import {
  BOR_PREFIX,
  type BorSource,
  DIFFER_PREFIX,
  type DrillGroup,
  LEFT_OUT_PREFIX,
  LESIONS_PREFIX,
  SUBJECT_LIST_PREFIX,
  type SubjectDrill,
} from "./query";
import { ASSESSMENT_COLUMNS, assessmentRows } from "./ui/assessment-rows";
import { LESION_CHART_COLUMNS, LESION_CHART_ID, lesionChartData, lesionChartTitle } from "./ui/lesion-chart-data";
import { lesionGrid } from "./ui/lesion-grid";
import {
  DIFFER_COLUMNS,
  differRows,
  LEFT_OUT_COLUMNS,
  leftOutRows,
  linkedColumns,
  SUBJECT_COLUMNS,
  type SubjectLinks,
  subjectRows,
} from "./ui/subject-rows";

/** The section's exportable tables, by page: the summary, a subject's response page, and each plot's data. */
export const SUMMARY_TABLES = exportKeys("tumour-response", ["bor", "subjects", "differ", "left-out"]);
export const RESPONSE_PAGE_TABLES = exportKeys("tumour-response/subject", ["assessments", "lesions", "lesion-chart"]);
export const WATERFALL_TABLES = exportKeys("tumour-response/waterfall", ["chart"]);
export const SPIDER_TABLES = exportKeys("tumour-response/spider", ["chart"]);
export const SWIMMER_TABLES = exportKeys("tumour-response/swimmer", ["chart"]);

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

// The subjects a count of the table chose (the URL's SubjectDrill, ./query.ts).

const GROUP_RESPONSES: Readonly<Record<DrillGroup, readonly Response[]>> = {
  CR: ["CR"],
  PR: ["PR"],
  SD: ["SD"],
  [NON_CR_NON_PD]: [NON_CR_NON_PD],
  PD: ["PD"],
  NE: ["NE"],
  ORR: ["CR", "PR"],
  DCR: ["CR", "PR", "SD", NON_CR_NON_PD],
  N: ["CR", "PR", "SD", NON_CR_NON_PD, "PD", "NE"],
};

/** Whether a subject is one of the drill's: in N, with its best overall response (of the source) in the group. */
export function inDrill(s: SubjectResponse, d: SubjectDrill, population: Population = "evaluable"): boolean {
  return inPopulation(s, population) && GROUP_RESPONSES[d.group].includes(s[d.source].bor);
}

const GROUP_TITLE: Readonly<Record<DrillGroup, string>> = {
  CR: "a best overall response of CR",
  PR: "a best overall response of PR",
  SD: "a best overall response of SD",
  [NON_CR_NON_PD]: "a best overall response of Non-CR/Non-PD",
  PD: "a best overall response of PD",
  NE: "a best overall response of NE",
  ORR: "an objective response (CR or PR)",
  DCR: "disease control (CR, PR, SD or Non-CR/Non-PD)",
  N: "any best overall response (every subject of N)",
};

const WHO: Readonly<Record<Population, string>> = {
  evaluable: "Evaluable subjects",
  itt: "Subjects of N (intent to treat)",
};

/** What the listing shows, in words: "Evaluable subjects with a best overall response of PR as signed". */
export const drillTitle = (d: SubjectDrill, population: Population = "evaluable") =>
  `${WHO[population]} with ${GROUP_TITLE[d.group]} as ${d.source}`;

// The summary's tables.

/** Links for a file: it has no use for them. */
export const NO_LINKS: SubjectLinks & BorLinks = {
  response: ["", ""],
  profile: ["", ""],
  drill: () => "",
  differ: "",
  leftOut: "",
};

export const DIFFER_CAPTION =
  "Evaluable subjects whose best overall response as signed differs from the recomputed one";
/** The same under intent to treat (its added subjects count NE both ways, so that they never differ). */
const DIFFER_CAPTION_ITT = "Subjects of N whose best overall response as signed differs from the recomputed one";

export function borTable(view: TumourResponseView, links: BorLinks): PlainTable {
  const s = view.study;
  return {
    caption: `Best overall response as signed and as recomputed (N = ${s.n.toLocaleString("en")})`,
    columns: BOR_COLUMNS,
    rows: borTableRows(s, links),
    urlPrefix: BOR_PREFIX,
  };
}

export function subjectListTable(view: TumourResponseView, drill: SubjectDrill | null, links: SubjectLinks) {
  const population = view.study.population;
  const listed = drill ? view.subjects.filter((s) => inDrill(s, drill, population)) : view.subjects;
  const title = drill ? drillTitle(drill, population) : "Every subject, evaluable or not";
  const table: PlainTable = {
    caption: `${title} (${listed.length})`,
    columns: linkedColumns(SUBJECT_COLUMNS, links),
    rows: subjectRows(listed),
    urlPrefix: SUBJECT_LIST_PREFIX,
    countStated: true,
  };
  return { title, table };
}

export function differTable(view: TumourResponseView, links: SubjectLinks): PlainTable {
  const differ = view.study.differ.map((id) => view.bySubject.get(id)!);
  return {
    caption: `${view.study.population === "itt" ? DIFFER_CAPTION_ITT : DIFFER_CAPTION} (${differ.length})`,
    columns: linkedColumns(DIFFER_COLUMNS, links),
    rows: differRows(differ),
    urlPrefix: DIFFER_PREFIX,
    countStated: true,
  };
}

export function leftOutTable(view: TumourResponseView, links: SubjectLinks): PlainTable {
  const rows = leftOutRows(view.subjects, view.study.population);
  return {
    caption: `Subjects left out of N, with the reason (${rows.length})`,
    columns: linkedColumns(LEFT_OUT_COLUMNS, links),
    rows,
    // The plots' data notes link to this table filtered by a reason (leftOutHref, ./query.ts).
    urlPrefix: LEFT_OUT_PREFIX,
    countStated: true,
  };
}

// A subject's response page's tables.

export function assessmentsTable(view: FoundSubject, subjectId: string): PlainTable {
  const rows = assessmentRows(view.subject, view.reference?.date ?? null);
  return {
    caption: `Response assessments of subject ${subjectId} (${rows.length})`,
    columns: ASSESSMENT_COLUMNS,
    rows,
    urlPrefix: RESPONSE_ASSESSMENTS.prefix,
    countStated: true,
  };
}

export function lesionsTable(view: FoundSubject, subjectId: string): PlainTable {
  const grid = lesionGrid(view.subject, view.lesions);
  return {
    caption: `Lesions of subject ${subjectId} at each assessment (${grid.rows.length})`,
    columns: grid.columns,
    rows: grid.rows,
    urlPrefix: LESIONS_PREFIX,
    countStated: true,
  };
}

export function lesionChartTable(view: FoundSubject, subjectId: string): PlainTable {
  const { rows } = lesionChartData(view.subject, view.lesions);
  return chartTable(LESION_CHART_ID, lesionChartTitle(subjectId), LESION_CHART_COLUMNS, rows);
}

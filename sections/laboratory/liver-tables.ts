/**
 * The Liver safety page's tables as the page shows them and their exports write them: the eDISH chart's data
 * (every plotted subject), the subject listing of the quadrant the URL names, and the count table of the quadrants.
 * They all read the same rows, one per plotted subject, so the numbers shown are exactly the numbers plotted. A
 * plain module: the chart and the listing (client components) read it too.
 */

import { chartTable } from "@/components/charts/chart-table";
import { percentOf } from "@/lib/clinical/common/percent";
import { displayUnit } from "@/lib/clinical/common/units";
import {
  type EdishParams,
  type EdishPoint,
  QUADRANT_LABEL,
  type Quadrant,
  SCALE_UNIT,
} from "@/lib/clinical/liver/edish";
import type { TableColumn } from "@/lib/tables/server-table";
import type { PlainTable, TableDef } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { exportKeys } from "@/sections/frame/export-keys";
import { EDISH_ID, liverPanelPart, type OnlySubjects, SUBJECTS_PREFIX } from "./liver-query";

/** The page's exportable tables. */
export const LIVER_TABLES = exportKeys("laboratory/liver", ["edish", "subjects", "quadrants"]);

/** A plotted subject as a table row: its peaks, their dates and how far apart, and its quadrant. */
export interface LiverRow extends DataRow {
  subjectId: string;
  /**
   * The subject's part of the address of its profile with its liver panel open (ALT, AST, ALP and total bilirubin
   * ×ULN over time: liverPanelPart); liverAround() (./liver-query.ts) is the rest, sent once for a thousand rows
   * (DataColumn.hrefAround).
   */
  subject__href: string;
  quadrantKey: Quadrant;
  quadrant: string;
  /** The plotted multiples (×ULN, or ×baseline: then the peaks' ×ULN and baselines are in the row too). */
  x: number;
  y: number;
  /** Which data note lists the subject on its own (`only=`); null: none. */
  only: OnlySubjects | null;
}

const concurrentText = (p: EdishPoint) =>
  p.concurrent === null ? "Unknown (a peak has no date)" : p.concurrent ? "Yes" : "No";

/** The rows of the points; `only` tags the subjects a data note lists on their own. */
export function liverRows(points: readonly EdishPoint[], only?: ReadonlyMap<string, OnlySubjects>): LiverRow[] {
  return points.map((p) => ({
    subjectId: p.subjectId,
    subject__href: liverPanelPart(p.subjectId),
    quadrantKey: p.quadrant,
    quadrant: QUADRANT_LABEL[p.quadrant],
    x: p.x,
    xValue: p.transaminase.value,
    xUln: p.transaminase.uln,
    xUnit: p.transaminase.unit && displayUnit(p.transaminase.unit),
    xDate: p.transaminase.date,
    y: p.y,
    yValue: p.bilirubin.value,
    yUln: p.bilirubin.uln,
    yUnit: p.bilirubin.unit && displayUnit(p.bilirubin.unit),
    yDate: p.bilirubin.date,
    daysApart: p.daysApart,
    concurrent: concurrentText(p),
    ...(p.xBaseline && p.yBaseline
      ? {
          xTimesUln: p.transaminase.timesUln,
          xBase: p.xBaseline.value,
          xBaseDate: p.xBaseline.date,
          yTimesUln: p.bilirubin.timesUln,
          yBase: p.yBaseline.value,
          yBaseDate: p.yBaseline.date,
        }
      : {}),
    only: only?.get(p.subjectId) ?? null,
  }));
}

/** A peak's columns (`x` or `y`): in multiples of baseline, its ×ULN and its baseline besides. */
function peakColumns(axis: "x" | "y", name: string, peakName: string, scale: EdishParams["scale"]): DataColumn[] {
  const base = scale === "baseline";
  return [
    { id: axis, header: `Peak ${peakName} (${SCALE_UNIT[scale]})`, type: "number" },
    ...(base ? [{ id: `${axis}TimesUln`, header: `Peak ${peakName} (×ULN)`, type: "number" as const }] : []),
    { id: `${axis}Value`, header: `${name} result`, type: "number" },
    { id: `${axis}Uln`, header: `${name} ULN`, type: "number" },
    { id: `${axis}Unit`, header: `${name} unit` },
    { id: `${axis}Date`, header: `${name} peak date` },
    ...(base
      ? [
          { id: `${axis}Base`, header: `${name} baseline`, type: "number" as const },
          { id: `${axis}BaseDate`, header: `${name} baseline date` },
        ]
      : []),
  ];
}

export function liverColumns(settings: EdishParams): DataColumn[] {
  const t = settings.transaminase;
  return [
    { id: "subjectId", header: "Subject ID", href: "subject__href", nowrap: true },
    { id: "quadrant", header: "Quadrant" },
    ...peakColumns("x", t, t, settings.scale),
    ...peakColumns("y", "Bilirubin", "total bilirubin", settings.scale),
    { id: "daysApart", header: `Days from ${t} peak to bilirubin peak`, type: "number" },
    { id: "concurrent", header: `Concurrent (within ${settings.concurrentDays} days)` },
  ];
}

export const edishTitle = (s: EdishParams) =>
  `eDISH: peak ${s.transaminase} against peak total bilirubin, ${SCALE_UNIT[s.scale]}`;

export function edishTable(rows: LiverRow[], settings: EdishParams): PlainTable {
  return chartTable(EDISH_ID, edishTitle(settings), liverColumns(settings), rows);
}

/** The subjects a data note lists on their own, in the listing's heading. */
export const ONLY_TEXT: Record<OnlySubjects, string> = {
  "no-first-dose": "without a known first dose of the study drug",
  "no-on-treatment": "without a result on treatment",
};

/**
 * The subjects of the quadrant the URL names (or every one), only those with concurrent peaks when it says so, and
 * only those a data note counts when it names them (`only`).
 */
export function liverSubjectsTable(
  rows: LiverRow[],
  settings: EdishParams,
  study: string,
  choice: { quadrant: Quadrant | null; concurrent: boolean; only?: OnlySubjects | null },
): PlainTable & { what: string; where: string } {
  const { quadrant, concurrent, only = null } = choice;
  const listed = rows.filter(
    (r) =>
      (quadrant === null || r.quadrantKey === quadrant) &&
      (!concurrent || r.concurrent === "Yes") &&
      (only === null || r.only === only),
  );
  const where = quadrant ? QUADRANT_LABEL[quadrant] : "every quadrant";
  const what =
    `${where}${concurrent ? ` with concurrent peaks (within ${settings.concurrentDays} days)` : ""}` +
    `${only ? `, ${ONLY_TEXT[only]}` : ""}`;
  const unit = SCALE_UNIT[settings.scale];
  return {
    caption: `Subjects of study ${study} in ${what}, by peak ${settings.transaminase} and total bilirubin ${unit}`,
    columns: liverColumns(settings),
    rows: listed,
    urlPrefix: SUBJECTS_PREFIX,
    what,
    where,
  };
}

/** Clinically most important first. */
export const QUADRANT_ORDER: readonly Quadrant[] = ["hys-law", "temple", "hyperbilirubinemia", "normal"];
export const MARKER: Record<Quadrant, string> = {
  "hys-law": "star",
  temple: "square",
  hyperbilirubinemia: "triangle",
  normal: "circle",
};

/** A quadrant's rule in words: a transaminase at its line is high (≥), a bilirubin at its line is not (>). */
export function quadrantRule(q: Quadrant, p: EdishParams): string {
  const unit = SCALE_UNIT[p.scale];
  const x = `${p.transaminase} ${q === "hys-law" || q === "temple" ? "≥" : "<"} ${p.xThreshold}${unit}`;
  const y = `bilirubin ${q === "hys-law" || q === "hyperbilirubinemia" ? ">" : "≤"} ${p.yThreshold}${unit}`;
  return `${x} and ${y}`;
}

/** What makes a subject evaluable, in the count table's last row. */
export const evaluableRule = (p: EdishParams) =>
  p.scale === "baseline" ? "both peaks and their baselines" : "both peaks with a ULN";

export const quadrantCaption = (evaluable: number, studySubjects: number) =>
  `Subjects by eDISH quadrant: n (% of ${evaluable} evaluable subjects; ${studySubjects} in the study's Group)`;

/** The count table: a row per quadrant, then the evaluable subjects (null); every subject ID in its cell. */
export function quadrantDef(rows: readonly LiverRow[], settings: EdishParams): TableDef<Quadrant | null> {
  const inQ = (q: Quadrant | null) => rows.filter((r) => q === null || r.quadrantKey === q);
  const columns: TableColumn<Quadrant | null>[] = [
    { id: "quadrant", header: "Quadrant", value: (q) => (q ? QUADRANT_LABEL[q] : "Evaluable subjects") },
    { id: "rule", header: "Rule", value: (q) => (q ? quadrantRule(q, settings) : evaluableRule(settings)) },
    { id: "marker", header: "Marker", value: (q) => (q ? MARKER[q] : null) },
    { id: "subjects", header: "Subjects", type: "number", value: (q) => inQ(q).length },
    { id: "percent", header: "% of evaluable", type: "number", value: (q) => percentOf(inQ(q).length, rows.length) },
    {
      id: "concurrent",
      header: "Concurrent peaks",
      type: "number",
      value: (q) => inQ(q).filter((r) => r.concurrent === "Yes").length,
    },
    {
      id: "ids",
      header: "Subject IDs",
      value: (q) =>
        q
          ? inQ(q)
              .map((r) => r.subjectId)
              .join("; ")
          : null,
    },
  ];
  return { columns, rows: [...QUADRANT_ORDER, null] };
}

/**
 * The Liver safety page's tables as the page shows them and their exports write them: the eDISH chart's data
 * (every plotted subject), the subject listing of the quadrant the URL names, and the count table of the quadrants.
 * They all read the same rows, one per plotted subject, so the numbers shown are exactly the numbers plotted. A
 * plain module: the chart and the listing (client components) read it too.
 */

import { chartTable } from "@/components/charts/chart-table";
import { percentOf } from "@/lib/clinical/common/percent";
import { type EdishParams, type EdishPoint, QUADRANT_LABEL, type Quadrant } from "@/lib/clinical/liver/edish";
import type { TableColumn } from "@/lib/tables/server-table";
import type { PlainTable, TableDef } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { exportKeys } from "@/sections/frame/export-keys";
import { EDISH_ID, SUBJECTS_PREFIX } from "./liver-query";

/** The page's exportable tables. */
export const LIVER_TABLES = exportKeys("laboratory/liver", ["edish", "subjects", "quadrants"]);

/** A plotted subject as a table row: its peaks, their dates and how far apart, and its quadrant. */
export interface LiverRow extends DataRow {
  subjectId: string;
  /**
   * The subject's part of the address of its profile with the chosen transaminase's trend open; liverAround()
   * (./liver-query.ts) is the rest, sent once for a thousand rows (DataColumn.hrefAround).
   */
  subject__href: string;
  quadrantKey: Quadrant;
  quadrant: string;
  x: number;
  y: number;
}

const concurrentText = (p: EdishPoint) =>
  p.concurrent === null ? "Unknown (a peak has no date)" : p.concurrent ? "Yes" : "No";

export function liverRows(points: readonly EdishPoint[]): LiverRow[] {
  return points.map((p) => ({
    subjectId: p.subjectId,
    // The trend of the test the peak came from, by its name as sent: a partner may write ALT in words.
    subject__href: `${encodeURIComponent(p.subjectId)}?${new URLSearchParams({ trend: p.transaminase.test })}`,
    quadrantKey: p.quadrant,
    quadrant: QUADRANT_LABEL[p.quadrant],
    x: p.transaminase.timesUln,
    xValue: p.transaminase.value,
    xUln: p.transaminase.uln,
    xUnit: p.transaminase.unit,
    xDate: p.transaminase.date,
    y: p.bilirubin.timesUln,
    yValue: p.bilirubin.value,
    yUln: p.bilirubin.uln,
    yUnit: p.bilirubin.unit,
    yDate: p.bilirubin.date,
    daysApart: p.daysApart,
    concurrent: concurrentText(p),
  }));
}

export function liverColumns(settings: EdishParams): DataColumn[] {
  const t = settings.transaminase;
  return [
    { id: "subjectId", header: "Subject ID", href: "subject__href" },
    { id: "quadrant", header: "Quadrant" },
    { id: "x", header: `Peak ${t} (×ULN)`, type: "number" },
    { id: "xValue", header: `${t} result`, type: "number" },
    { id: "xUln", header: `${t} ULN`, type: "number" },
    { id: "xUnit", header: `${t} unit` },
    { id: "xDate", header: `${t} peak date` },
    { id: "y", header: "Peak total bilirubin (×ULN)", type: "number" },
    { id: "yValue", header: "Bilirubin result", type: "number" },
    { id: "yUln", header: "Bilirubin ULN", type: "number" },
    { id: "yUnit", header: "Bilirubin unit" },
    { id: "yDate", header: "Bilirubin peak date" },
    { id: "daysApart", header: `Days from ${t} peak to bilirubin peak`, type: "number" },
    { id: "concurrent", header: `Concurrent (within ${settings.concurrentDays} days)` },
  ];
}

export const edishTitle = (s: EdishParams) => `eDISH: peak ${s.transaminase} against peak total bilirubin, ×ULN`;

export function edishTable(rows: LiverRow[], settings: EdishParams): PlainTable {
  return chartTable(EDISH_ID, edishTitle(settings), liverColumns(settings), rows);
}

/** The subjects of the quadrant the URL names (or every one), only those with concurrent peaks when it says so. */
export function liverSubjectsTable(
  rows: LiverRow[],
  settings: EdishParams,
  study: string,
  choice: { quadrant: Quadrant | null; concurrent: boolean },
): PlainTable & { what: string; where: string } {
  const { quadrant, concurrent } = choice;
  const listed = rows.filter(
    (r) => (quadrant === null || r.quadrantKey === quadrant) && (!concurrent || r.concurrent === "Yes"),
  );
  const where = quadrant ? QUADRANT_LABEL[quadrant] : "every quadrant";
  const what = `${where}${concurrent ? ` with concurrent peaks (within ${settings.concurrentDays} days)` : ""}`;
  return {
    caption: `Subjects of study ${study} in ${what}, by peak ${settings.transaminase} and total bilirubin ×ULN`,
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

export function quadrantRule(q: Quadrant, p: EdishParams): string {
  const x = `${p.transaminase} ${q === "hys-law" || q === "temple" ? "≥" : "<"} ${p.xThreshold}×ULN`;
  const y = `bilirubin ${q === "hys-law" || q === "hyperbilirubinemia" ? "≥" : "<"} ${p.yThreshold}×ULN`;
  return `${x} and ${y}`;
}

export const quadrantCaption = (evaluable: number, studySubjects: number) =>
  `Subjects by eDISH quadrant: n (% of ${evaluable} evaluable subjects; ${studySubjects} in the study's Group)`;

/** The count table: a row per quadrant, then the evaluable subjects (null); every subject ID in its cell. */
export function quadrantDef(rows: readonly LiverRow[], settings: EdishParams): TableDef<Quadrant | null> {
  const inQ = (q: Quadrant | null) => rows.filter((r) => q === null || r.quadrantKey === q);
  const columns: TableColumn<Quadrant | null>[] = [
    { id: "quadrant", header: "Quadrant", value: (q) => (q ? QUADRANT_LABEL[q] : "Evaluable subjects") },
    { id: "rule", header: "Rule", value: (q) => (q ? quadrantRule(q, settings) : "both peaks with a ULN") },
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

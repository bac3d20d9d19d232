/**
 * The liver view's tables as the page shows them and their exports write them: the eDISH chart's data (every
 * plotted subject), the subject listing of the quadrant the URL names, and the count table of the quadrants. A
 * plain module: the chart and the listing (client components) read it too.
 */

import { chartTable } from "@/components/charts/chart-table";
import { percentOf } from "@/lib/clinical/common/percent";
import { type EdishParams, QUADRANT_LABEL, type Quadrant } from "@/lib/clinical/liver/edish";
import type { TableColumn } from "@/lib/tables/server-table";
import type { PlainTable, TableDef } from "@/lib/tables/table-def";
import { type LiverRow, liverColumns } from "./ui/liver-rows";

export const EDISH_ID = "edish";
export const edishTitle = (p: EdishParams) => `eDISH: peak ${p.transaminase} against peak total bilirubin, ×ULN`;

export function edishTable(rows: LiverRow[], params: EdishParams): PlainTable {
  return chartTable(EDISH_ID, edishTitle(params), liverColumns(params), rows);
}

/** The subjects of the quadrant the URL names (or every one), only those with concurrent peaks when it says so. */
export function liverSubjectsTable(
  rows: LiverRow[],
  params: EdishParams,
  study: string,
  choice: { quadrant: Quadrant | null; concurrent: boolean },
): PlainTable & { what: string; where: string } {
  const { quadrant, concurrent } = choice;
  const listed = rows.filter(
    (r) => (quadrant === null || r.quadrantKey === quadrant) && (!concurrent || r.concurrent === "Yes"),
  );
  const where = quadrant ? QUADRANT_LABEL[quadrant] : "every quadrant";
  const what = `${where}${concurrent ? ` with concurrent peaks (within ${params.concurrentDays} days)` : ""}`;
  return {
    caption: `Subjects of study ${study} in ${what}, by peak ${params.transaminase} and total bilirubin ×ULN`,
    columns: liverColumns(params),
    rows: listed,
    urlPrefix: "subj_",
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
export function quadrantDef(rows: readonly LiverRow[], params: EdishParams): TableDef<Quadrant | null> {
  const inQ = (q: Quadrant | null) => rows.filter((r) => q === null || r.quadrantKey === q);
  const columns: TableColumn<Quadrant | null>[] = [
    { id: "quadrant", header: "Quadrant", value: (q) => (q ? QUADRANT_LABEL[q] : "Evaluable subjects") },
    { id: "rule", header: "Rule", value: (q) => (q ? quadrantRule(q, params) : "both peaks with a ULN") },
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

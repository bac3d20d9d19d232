/**
 * A subject's lesions as a grid: a row per lesion (its label is its identity from one assessment to the next,
 * docs/clinical-rules.md, Lesion rows), a column per assessment in the assessment table's order, each cell the
 * lesion's measurement and state as sent at that assessment. A lesion not read at an assessment after it first
 * appeared says "not read"; before it appeared the cell is blank.
 */
import type { AssessmentRow } from "@/lib/clinical/response/assessments";
import type { LesionRow } from "@/lib/clinical/response/lesion-rows";
import type { SubjectResponse } from "@/lib/clinical/response/subject-response";
import type { DataColumn, DataRow } from "@/lib/tables/types";

export interface LesionGrid {
  columns: DataColumn[];
  rows: DataRow[];
}

/** The subject's assessments in the table's order, each with its days since baseline when it has them. */
export function orderedAssessments(s: SubjectResponse): { row: AssessmentRow; day: number | null }[] {
  return [
    ...s.beforeBaseline.map((row) => ({ row, day: null })),
    ...s.assessments.map((a) => ({ row: a.row, day: a.day })),
    ...s.undated.map((row) => ({ row, day: null })),
  ];
}

const CATEGORY_ORDER = new Map([
  ["Target", 0],
  ["Non-target", 1],
  ["New lesion", 2],
]);

const LABEL_ORDER = new Intl.Collator("en", { numeric: true });

/** A reading as a cell: `12.5 mm, Present`; without a measurement, the state alone and "no measurement". */
export function readingText(r: LesionRow): string {
  const state = r.state ?? "no state";
  return r.value === null ? `${state}, no measurement` : `${r.value} mm, ${state}`;
}

const distinct = (values: readonly (string | null)[]) => [...new Set(values.filter((v) => v !== null))];

interface Lesion {
  id: string;
  /** Its readings by column. */
  readings: Map<number, LesionRow[]>;
  first: LesionRow;
}

export function lesionGrid(s: SubjectResponse, lesions: ReadonlyMap<string, readonly LesionRow[]>): LesionGrid {
  const assessments = orderedAssessments(s);
  const byId = new Map<string, Lesion>();
  assessments.forEach(({ row }, column) => {
    for (const r of lesions.get(row.key) ?? []) {
      const id = r.label ?? r.key ?? "(no label)";
      let lesion = byId.get(id);
      if (!lesion) {
        lesion = { id, readings: new Map(), first: r };
        byId.set(id, lesion);
      }
      const at = lesion.readings.get(column);
      if (at) at.push(r);
      else lesion.readings.set(column, [r]);
    }
  });
  const baselineColumn = s.baseline ? s.beforeBaseline.length : -1;
  const rank = (l: Lesion) => CATEGORY_ORDER.get(l.first.category ?? "") ?? 3;
  const ordered = [...byId.values()].sort((a, b) => rank(a) - rank(b) || LABEL_ORDER.compare(a.id, b.id));
  return {
    columns: [
      { id: "label", header: "Lesion" },
      { id: "lesionId", header: "Lesion ID (first reading)" },
      { id: "category", header: "Category" },
      { id: "organ", header: "Organ or location" },
      { id: "node", header: "Lymph node" },
      { id: "baseline", header: "Baseline size (mm)", type: "number" },
      ...assessments.map(({ row, day }, i) => ({
        id: `a${i}`,
        header: `${row.name ?? row.key} (${row.date ?? "no date"}${day === null ? "" : `, day ${day} since baseline`})`,
      })),
    ],
    rows: ordered.map((l) => lesionRow(l, assessments.length, baselineColumn)),
  };
}

function lesionRow(l: Lesion, columns: number, baselineColumn: number): DataRow {
  const all = [...l.readings.entries()].sort(([a], [b]) => a - b).flatMap(([, rs]) => rs);
  const firstColumn = Math.min(...l.readings.keys());
  const row: DataRow = {
    label: l.id,
    lesionId: l.first.key,
    // A category or organ that changes between readings is shown in full, in the order read.
    category: distinct(all.map((r) => r.category ?? r.categoryText)).join(" → ") || null,
    organ: distinct(all.map((r) => r.organ)).join(" / ") || null,
    node: all.some((r) => r.node) ? "Yes" : "No",
    baseline: l.readings.get(baselineColumn)?.[0]?.value ?? null,
  };
  for (let i = 0; i < columns; i++) {
    const at = l.readings.get(i);
    row[`a${i}`] = at ? at.map(readingText).join("; ") : i > firstColumn ? "not read" : null;
  }
  return row;
}

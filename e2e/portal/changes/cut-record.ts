/**
 * What the demo's third data cut did to a study, read from the partner database's own record of it
 * (data_cut_changes; docs/partner-service.md, Data cuts), counted as the partner API serves the rows, per record
 * type: a laboratory result, vital sign, adverse event or medication row is its record; a new assessment adds its
 * report and its lesions; a newly signed revision changes its report (same identifier) and those of its lesions
 * whose listed columns differ from the revision it supersedes (whose rows stay unserved); no demographics change.
 */
import { db } from "../../api/support/database";

export type Counts = [added: number, changed: number, removed: number];

/** The demo's cuts: the generated data are its third (partner-service/instance.ts). */
export const LATEST_CUT = 3;

/** A lesion's columns the portal lists (its measurement, where and what it is). */
const LESION_SHOWN = ["organ", "category", "state", "is_node", "label", "value", "unit", "effective_at"] as const;

type Logged = { table_name: string; kind: string; event: string; row_key: string; after: string | null };

function logged(study: string): Logged[] {
  return db()
    .prepare("SELECT table_name, kind, event, row_key, after FROM data_cut_changes WHERE cut = ? AND study_number = ?")
    .all(LATEST_CUT, study) as Logged[];
}

function revisedLesions(rows: Logged[]): number {
  const shown = (row: Record<string, unknown>) => JSON.stringify(LESION_SHOWN.map((c) => row[c]));
  const superseded = db().prepare("SELECT * FROM lesions WHERE lesion_id = ? AND vis_seq IS NULL");
  return rows
    .filter((r) => r.table_name === "lesions" && r.event === "assessment revision signed")
    .filter((r) => {
      const after = JSON.parse(r.after ?? "{}") as Record<string, unknown>;
      return shown(superseded.get(after.lesion_id) as Record<string, unknown>) !== shown(after);
    }).length;
}

/** Per record type as the Changes section names it: added, changed, removed. */
export function cutCounts(study: string): Record<string, Counts> {
  const rows = logged(study);
  const n = (table: string, kind: string, event?: string) =>
    rows.filter((r) => r.table_name === table && r.kind === kind && (event === undefined || r.event === event)).length;
  const same = (table: string): Counts => [n(table, "added"), n(table, "changed"), n(table, "removed")];
  return {
    Demographics: [0, 0, 0],
    "Adverse events": same("adverse_events"),
    "Response assessments": [
      n("assessments", "added", "new assessment"),
      n("assessments", "added", "assessment revision signed"),
      0,
    ],
    "Lesion measurements": [n("lesions", "added", "new assessment"), revisedLesions(rows), 0],
    "Laboratory results": same("lab_results"),
    "Vital signs": same("vital_signs"),
    Medications: same("medications"),
  };
}

/** The keys of the records of a table the cut changed in one way. */
export const cutKeys = (study: string, table: string, kind: string) =>
  logged(study)
    .filter((r) => r.table_name === table && r.kind === kind)
    .map((r) => r.row_key)
    .sort();

/** How many records of a table the cuts after the first added, less those they removed (the demo's cuts 2 and 3). */
export function grownSinceFirstCut(study: string, table: string): number {
  const rows = db()
    .prepare(
      "SELECT kind, count(*) AS n FROM data_cut_changes WHERE cut > 1 AND study_number = ? AND table_name = ? " +
        "GROUP BY kind",
    )
    .all(study, table) as { kind: string; n: number }[];
  const n = (kind: string) => rows.find((r) => r.kind === kind)?.n ?? 0;
  return n("added") - n("removed");
}

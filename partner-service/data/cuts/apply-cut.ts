/**
 * Moving the data between cuts: a cut's changes applied in their recorded order (forward), or undone in reverse
 * (back), then the serving numbers of what moved made dense again, in one transaction per call.
 */
import type { Database } from "better-sqlite3";
import type { CutChange } from "./cut-log";
import {
  CUT_TABLES,
  type CutTable,
  deleteRow,
  insertRow,
  type Row,
  renumber,
  renumberVisible,
  updateRow,
} from "./cut-rows";

type Direction = "forward" | "back";

function move(db: Database, change: CutChange, direction: Direction): void {
  const [from, to] = direction === "forward" ? [change.before, change.after] : [change.after, change.before];
  if (from === null) insertRow(db, change.table, to as Row, change.order as number);
  else if (to === null) deleteRow(db, change.table, change.key);
  else updateRow(db, change.table, change.key, to);
}

/** Per study and table, the first place in the serving order a change added or removed a row at. */
function firstMoved(changes: readonly CutChange[]): Map<string, { study: string; table: CutTable; from: number }> {
  const moved = new Map<string, { study: string; table: CutTable; from: number }>();
  for (const c of changes) {
    const id = `${c.study}\u0000${c.table}`;
    const from = c.kind === "changed" ? Number.POSITIVE_INFINITY : (c.order as number);
    const seen = moved.get(id);
    moved.set(id, { study: c.study, table: c.table, from: Math.min(seen?.from ?? from, from) });
  }
  return moved;
}

/** Applies (forward) or undoes (back) the changes of one or more cuts, given in their recorded order. */
export function moveChanges(db: Database, changes: readonly CutChange[], direction: Direction): void {
  db.transaction(() => {
    const ordered = direction === "forward" ? changes : [...changes].reverse();
    for (const c of ordered) move(db, c, direction);
    const visible = new Set<string>();
    for (const { study, table, from } of firstMoved(changes).values()) {
      if (CUT_TABLES[table].seq === "vis_seq") visible.add(study);
      else if (Number.isFinite(from)) renumber(db, table, study, from);
    }
    for (const study of visible) renumberVisible(db, study);
  })();
}

/**
 * Data cuts of the reference service (docs/partner-service.md, Data cuts). The generated data are cut `latest`
 * of a database created with earlier cuts; `advance` moves a database to its next cut (the next recorded one, or a
 * new one made forward), `rewind` back to an earlier recorded one. Every change is written to `data_cut_changes`.
 */
import type { Database } from "better-sqlite3";
import { moveChanges } from "./apply-cut";
import { OrderAllocator } from "./cut-draft";
import { type CutChange, changesOfCut, currentCut, lastRecordedCut, recordChanges, setCurrentCut } from "./cut-log";
import { earlierCutChanges } from "./earlier-cut";
import { nextCutChanges } from "./next-cut";
import { studiesOf } from "./study-state";

export type { ChangeKind, CutChange, CutEvent } from "./cut-log";
export { changesOfCut, currentCut, lastRecordedCut } from "./cut-log";

const TABLE_WORDS: Record<CutChange["table"], string> = {
  adverse_events: "adverse events",
  lab_results: "laboratory results",
  vital_signs: "vital signs",
  medications: "medication records",
  assessments: "assessment rows",
  lesions: "lesion rows",
};

/** A cut's changes counted per study, event and table: "ONC-101: new visit: 789 laboratory results added". */
export function cutSummary(changes: readonly CutChange[]): string[] {
  const counts = new Map<string, number>();
  for (const c of changes) {
    const line = `${c.study}: ${c.event}: ${TABLE_WORDS[c.table]} ${c.kind}`;
    counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  return [...counts].map(([line, n]) => line.replace(/: ([a-z ]+) (added|changed|removed)$/, `: ${n} $1 $2`));
}

function seedOf(db: Database): number {
  const row = db.prepare("SELECT value FROM dataset_info WHERE key = 'seed'").get() as { value: string } | undefined;
  if (!row) throw new Error("The database has no generator seed (dataset_info.seed): it was not generated here.");
  return Number(row.value);
}

/**
 * Records cuts 2 to `latest` backward from freshly generated data (which become cut `latest`), and leaves the
 * database at cut `at` (at most `latest`).
 */
export function takeEarlierCuts(db: Database, latest: number, at = latest): void {
  if (!Number.isInteger(latest) || latest < 1) throw new Error("the number of data cuts must be a positive integer");
  if (!Number.isInteger(at) || at < 1 || at > latest) throw new Error(`the starting cut must be from 1 to ${latest}`);
  if (lastRecordedCut(db) > 1) throw new Error("this database already has data cuts");
  const seed = seedOf(db);
  const orders = new OrderAllocator(db);
  db.transaction(() => {
    for (let cut = latest; cut >= 2; cut--) {
      const changes = studiesOf(db).flatMap((study) => {
        const made = earlierCutChanges(db, seed, cut, study, orders);
        recordChanges(db, made);
        return made;
      });
      moveChanges(db, changes, "back");
    }
    for (let cut = 2; cut <= at; cut++) moveChanges(db, changesOfCut(db, cut), "forward");
    setCurrentCut(db, at);
  })();
}

/** Moves the database to its next cut; returns the cut it is now at. */
export function advance(db: Database): number {
  const cut = currentCut(db) + 1;
  db.transaction(() => {
    let changes = changesOfCut(db, cut);
    if (changes.length === 0) {
      const seed = seedOf(db);
      const orders = new OrderAllocator(db);
      changes = studiesOf(db).flatMap((study) => nextCutChanges(db, seed, cut, study, orders));
      recordChanges(db, changes);
    }
    moveChanges(db, changes, "forward");
    setCurrentCut(db, cut);
  })();
  return cut;
}

/** Moves the database back to an earlier recorded cut; the later cuts stay recorded for `advance`. */
export function rewind(db: Database, to: number): void {
  const from = currentCut(db);
  if (!Number.isInteger(to) || to < 1 || to > from) throw new Error(`the cut to go back to must be from 1 to ${from}`);
  db.transaction(() => {
    for (let cut = from; cut > to; cut--) moveChanges(db, changesOfCut(db, cut), "back");
    setCurrentCut(db, to);
  })();
}

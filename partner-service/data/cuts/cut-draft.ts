/**
 * A cut's changes as they are decided, for one study at a time: each row is touched at most once, and every row
 * a cut adds gets its own place in the serving order.
 */
import type { Database } from "better-sqlite3";
import type { Rng } from "../generator/prng";
import type { CutChange, CutEvent } from "./cut-log";
import { type CutTable, nextOrder, type Row, rowKey } from "./cut-rows";

/** The places in the serving order a cut hands out, per table, shared by the studies of the cut. */
export class OrderAllocator {
  private readonly next = new Map<CutTable, number>();
  private assessmentNo: number | null = null;

  constructor(private readonly db: Database) {}

  take(table: CutTable): number {
    const order = this.next.get(table) ?? nextOrder(this.db, table);
    this.next.set(table, order + 1);
    return order;
  }

  /** A new assessment ID past every one the database holds, in the generator's uneven steps (unique-ids.ts). */
  assessmentId(rng: Rng): string {
    this.assessmentNo ??= (
      this.db
        .prepare("SELECT COALESCE(MAX(CAST(substr(assessment_id, 3) AS INTEGER)), 4000) AS n FROM assessments")
        .get() as { n: number }
    ).n;
    this.assessmentNo += rng.int(1, 6);
    return `A-${String(this.assessmentNo).padStart(6, "0")}`;
  }
}

export class CutDraft {
  readonly changes: CutChange[] = [];
  private readonly touched = new Set<string>();

  constructor(
    readonly cut: number,
    readonly study: string,
  ) {}

  touches(table: CutTable, key: string): boolean {
    return this.touched.has(`${table}\u0000${key}`);
  }

  added(table: CutTable, row: Row, order: number, event: CutEvent): void {
    this.push({ table, key: rowKey(table, row), kind: "added", event, order, before: null, after: row });
  }

  removed(table: CutTable, row: Row, order: number, event: CutEvent): void {
    this.push({ table, key: rowKey(table, row), kind: "removed", event, order, before: row, after: null });
  }

  changed(table: CutTable, before: Row, after: Row, event: CutEvent): void {
    this.push({ table, key: rowKey(table, before), kind: "changed", event, order: null, before, after });
  }

  private push(change: Omit<CutChange, "cut" | "study">): void {
    const id = `${change.table}\u0000${change.key}`;
    if (this.touched.has(id)) throw new Error(`a data cut touches ${change.table} ${change.key} twice`);
    this.touched.add(id);
    this.changes.push({ cut: this.cut, study: this.study, ...change });
  }
}

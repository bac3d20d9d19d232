/** What deciding one study's changes of one cut works with, and how a cut picks the row a correction goes to. */
import type { Database } from "better-sqlite3";
import { type Rng, stream } from "../generator/prng";
import { CutDraft, type OrderAllocator } from "./cut-draft";
import { type Held, rowsOf } from "./cut-rows";
import { imperfectionKeys } from "./study-state";

export interface CutContext {
  db: Database;
  draft: CutDraft;
  /** The cut's draws for this study; `ids` apart, so that new IDs do not shift the other draws. */
  rng: Rng;
  ids: Rng;
  /** Keys of the deliberate imperfections, which no cut touches. */
  avoid: Set<string>;
  orders: OrderAllocator;
}

export function cutContext(db: Database, seed: number, cut: number, study: string, orders: OrderAllocator): CutContext {
  return {
    db,
    draft: new CutDraft(cut, study),
    rng: stream(seed, study, "data cut", cut),
    ids: stream(seed, study, "data cut", cut, "ids"),
    avoid: imperfectionKeys(db),
    orders,
  };
}

/** One row of the study matching `where`, drawn from those no imperfection holds and the cut has not touched. */
export function pickRow(
  ctx: CutContext,
  table: "adverse_events" | "lab_results" | "vital_signs",
  where: string,
): Held | undefined {
  const key = table === "adverse_events" ? "ae_key" : "id";
  const rows = rowsOf(ctx.db, table, `study_number = ? AND ${where} ORDER BY rowid`, ctx.draft.study).filter(
    (h) => !ctx.avoid.has(String(h.row[key])) && !ctx.draft.touches(table, String(h.row[key])),
  );
  return rows.length ? ctx.rng.pick(rows) : undefined;
}

/**
 * Each user's choices of a table's columns (the Columns chooser, docs/design.md, Tables), one row per table whose
 * choice differs from its defaults; a table without a row has its defaults. Bounded by ./table-column-rules.ts: a
 * choice that does not fit is refused (a ZodError), and past MAX_TABLES_PER_USER tables the one updated longest ago
 * is dropped.
 */
import type { Store } from "@/lib/store/store";
import {
  type ColumnChoices,
  columnChoicesSchema,
  MAX_TABLES_PER_USER,
  type TableColumnChoices,
  tableKeySchema,
} from "./table-column-rules";

/** Every table's choice of the user, by table key: one read for a whole page. */
export async function tableColumnChoices(store: Store, userId: number): Promise<TableColumnChoices> {
  const rows = await store.db
    .selectFrom("table_columns")
    .select(["table_key", "choices"])
    .where("user_id", "=", userId)
    .execute();
  const out: Record<string, ColumnChoices> = {};
  for (const row of rows) {
    // Written through saveTableColumns only; a row that no longer fits the rules reads as the table's defaults.
    const parsed = columnChoicesSchema.safeParse(JSON.parse(row.choices));
    if (parsed.success && tableKeySchema.safeParse(row.table_key).success) out[row.table_key] = parsed.data;
  }
  return out;
}

/**
 * Keeps the user's choice for one table (none named: clears it, the table's defaults again). Past
 * MAX_TABLES_PER_USER tables, those updated longest ago are dropped, never the one just saved.
 */
export async function saveTableColumns(
  store: Store,
  userId: number,
  table: string,
  choices: ColumnChoices,
  now: Date = new Date(),
): Promise<void> {
  const key = tableKeySchema.parse(table);
  const checked = columnChoicesSchema.parse(choices);
  if (Object.keys(checked).length === 0) return clearTableColumns(store, userId, key);
  const updatedAt = now.toISOString();
  await store.write(async (tx) => {
    // SQLite's write holds the file's lock from the start; in PostgreSQL one user's saves at once would each count
    // without the others' rows and keep more than the limit, so each holds the user's row until it commits.
    if (tx.kind === "postgres") {
      await tx.db.selectFrom("users").select("id").where("id", "=", userId).forNoKeyUpdate().execute();
    }
    await tx.db
      .insertInto("table_columns")
      .values({ user_id: userId, table_key: key, choices: JSON.stringify(checked), updated_at: updatedAt })
      .onConflict((c) =>
        c
          .columns(["user_id", "table_key"])
          .doUpdateSet({ choices: (e) => e.ref("excluded.choices"), updated_at: (e) => e.ref("excluded.updated_at") }),
      )
      .execute();
    // The one just saved first, then newest first: whatever lies past the limit goes.
    const kept = await tx.db
      .selectFrom("table_columns")
      .select("table_key")
      .where("user_id", "=", userId)
      .orderBy((e) => e.case().when("table_key", "=", key).then(0).else(1).end())
      .orderBy("updated_at", "desc")
      .orderBy("table_key")
      .execute();
    const dropped = kept.slice(MAX_TABLES_PER_USER).map((r) => r.table_key);
    if (dropped.length) {
      await tx.db.deleteFrom("table_columns").where("user_id", "=", userId).where("table_key", "in", dropped).execute();
    }
  });
}

/** Forgets the user's choice for one table: its defaults again. */
export async function clearTableColumns(store: Store, userId: number, table: string): Promise<void> {
  const key = tableKeySchema.parse(table);
  await store.db.deleteFrom("table_columns").where("user_id", "=", userId).where("table_key", "=", key).execute();
}

/**
 * What a user's column choices may hold (docs/design.md, Tables): the key of a table, the choices of one table, and
 * the bounds the store keeps. Pure, so that the Columns chooser in the browser names its tables as the store does.
 */
import { z } from "zod";

/** A table's key: its export key's view (a slug below the study, up to three parts) and table, joined by a dot. */
export const TABLE_KEY = /^[a-z0-9-]{1,40}(\/[a-z0-9-]{1,40}){0,2}\.[a-z0-9-]{1,40}(\.[a-z0-9-]{1,40})?$/;
export const MAX_TABLE_KEY_LENGTH = 120;
/** A column's ID as tables declare it (lib/tables/types.ts): a letter, then letters, digits and `_`. */
export const COLUMN_ID = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
/** Columns named in one table's choices: a table offers fewer than 40. */
export const MAX_CHOSEN_COLUMNS = 100;
/**
 * Tables with choices kept per user: the portal has fewer than 50. Past this, the choice updated longest ago is
 * dropped (that table is back to its defaults), so that keys of tables the portal no longer has cannot fill it.
 */
export const MAX_TABLES_PER_USER = 200;

/** One table's choices: shown (true) or hidden (false), by column ID; a column not named keeps its default. */
export type ColumnChoices = Readonly<Record<string, boolean>>;

/** A user's choices, by table key. */
export type TableColumnChoices = Readonly<Record<string, ColumnChoices>>;

/** The key of the table an export key names. */
export const tableKey = (table: { view: string; table: string }) => `${table.view}.${table.table}`;

export const tableKeySchema = z.string().max(MAX_TABLE_KEY_LENGTH).regex(TABLE_KEY);

export const columnChoicesSchema = z
  .record(z.string().regex(COLUMN_ID), z.boolean())
  .refine((c) => Object.keys(c).length <= MAX_CHOSEN_COLUMNS, {
    message: `at most ${MAX_CHOSEN_COLUMNS} columns`,
  });

/** One table's choices as the chooser sends them; no column named: the table's defaults again. */
export const choiceRequestSchema = z.strictObject({ table: tableKeySchema, choices: columnChoicesSchema });

/** The words for a choice that does not fit; the field is named, never its value. */
export function choiceRefusal(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue?.path[0] === "choices" && issue.code === "custom")
    return `A table's choice of columns names at most ${MAX_CHOSEN_COLUMNS} columns.`;
  const field = issue?.path[0];
  return typeof field === "string"
    ? `The choice of columns' field "${field}" is missing or not valid. Reload the page and try again.`
    : "The choice of columns is not valid. Reload the page and try again.";
}

/**
 * Fast JSON for the high-volume record types (laboratory and vital-signs pages of a
 * thousand resources). The record type's own builder is run once per shape on a row
 * of placeholders; its JSON is split at the placeholders into a template, and
 * each row is then written by splicing its values into the template. The
 * same is done for the entry's fullUrl, which depends on the key column only.
 * Rows come as SQLite's value arrays, in the record type's column order, so no object
 * is built per row. The output is byte-identical to the generic entry
 * (JSON.stringify of fullUrl and resource) for builders that place row values
 * unchanged; this is tested over whole generated studies.
 */

import type { BuildContext, Resource } from "./build-context";
import { columnNames, type RecordTypeSpec } from "./record-types";

type Row = Record<string, unknown>;
type Part = string | { index: number; inString: boolean };

const MARK = "\u00a7\u00a7";
const placeholder = (column: string) => `${MARK}${column}${MARK}`;
const PLACEHOLDER = new RegExp(`("?)${MARK}([a-z_]+)${MARK}("?)`, "g");
// Letters only, so that encodeURIComponent leaves it as it is inside the fullUrl.
const KEY_MARK = "zqKeyMarkqz";

const escapeInString = (s: string) => JSON.stringify(s).slice(1, -1);

function compileResource(
  build: (row: Row, ctx: BuildContext) => Resource,
  columns: readonly string[],
  nullMask: number,
  ctx: BuildContext,
): Part[] {
  const sample: Row = Object.fromEntries(columns.map((c, i) => [c, nullMask & (1 << i) ? null : placeholder(c)]));
  const json = JSON.stringify(build(sample, ctx));
  const parts: Part[] = [];
  let last = 0;
  for (const m of json.matchAll(PLACEHOLDER)) {
    const whole = m[1] === '"' && m[3] === '"';
    // A placeholder that is a whole JSON string becomes the value's own JSON; inside a longer string, its escaped text.
    const start = whole ? m.index! : m.index! + m[1].length;
    parts.push(json.slice(last, start), { index: columns.indexOf(m[2]), inString: !whole });
    last = whole ? m.index! + m[0].length : m.index! + m[0].length - m[3].length;
  }
  parts.push(json.slice(last));
  return parts;
}

/** The fullUrl around its key: what comes before the encoded key and what comes after, JSON-escaped. */
function compileFullUrl(spec: RecordTypeSpec, columns: readonly string[], ctx: BuildContext): [string, string] {
  const sample: Row = Object.fromEntries(columns.map((c) => [c, c === spec.key ? KEY_MARK : placeholder(c)]));
  const url = spec.fullUrl(sample as never, ctx);
  const pieces = url.split(KEY_MARK);
  if (pieces.length !== 2 || url.includes(MARK))
    throw new Error(`The fullUrl of ${spec.table} must hold its key column once and no other column.`);
  return [escapeInString(pieces[0]), escapeInString(pieces[1])];
}

export type EntryWriter = (values: readonly unknown[]) => string;

/** Writes a compiled record type's bundle entries, `{"fullUrl":…,"resource":…}`, from rows of column values. */
export function compiledEntryWriter(spec: RecordTypeSpec, ctx: BuildContext): EntryWriter {
  const columns = columnNames(spec);
  if (columns.length > 30) throw new Error(`${spec.table}: too many columns for a compiled serializer.`);
  const keyIndex = columns.indexOf(spec.key);
  const [urlHead, urlTail] = compileFullUrl(spec, columns, ctx);
  const head = `{"fullUrl":"${urlHead}`;
  const middle = `${urlTail}","resource":`;
  const build = spec.build as unknown as (row: Row, ctx: BuildContext) => Resource;
  const templates = new Map<number, Part[]>();
  return (values) => {
    let nullMask = 0;
    for (let i = 0; i < columns.length; i++) if (values[i] === null) nullMask |= 1 << i;
    let parts = templates.get(nullMask);
    if (!parts) {
      parts = compileResource(build, columns, nullMask, ctx);
      templates.set(nullMask, parts);
    }
    // encodeURIComponent's output never needs escaping in JSON.
    let out = head + encodeURIComponent(String(values[keyIndex])) + middle;
    for (const p of parts) {
      if (typeof p === "string") out += p;
      else out += p.inString ? escapeInString(String(values[p.index])) : JSON.stringify(values[p.index]);
    }
    return `${out}}`;
  };
}

/**
 * A browser table's rows as the server reads them back while it renders the page's HTML: one array per packed text,
 * shared by every render of the same text. Each first visit to a page hands its table the rows packed
 * (lib/tables/packed-rows.ts); unpacked anew each time, the subject list's 1,000 rows were 1,000 new objects per
 * visit, and their filtered and sorted orders, kept per rows array (lib/tables/server-table.ts), were computed again
 * too. Keyed by the text itself: the same text is the same rows, whoever's page it is, so a render can only find
 * the rows it was given. The rows are shared, so nothing may change them (no table does).
 *
 * Bounded: at most MAX_TEXTS texts of MAX_CHARS characters in all, the least recently used going first, and a
 * text of more than a quarter of that is unpacked for its render alone. The bound counts the texts' characters; the
 * rows read back from them take a few times that (a few tens of MB at most). A text no page sends any more (its
 * cache entry reloaded or expired) goes as others come. In the browser, where a page holds its own props, nothing is
 * kept.
 */
import { type PackedRows, plainRowsOf, type TableRows, unpackRows } from "@/lib/tables/packed-rows";
import type { DataRow } from "@/lib/tables/types";

export const MAX_TEXTS = 16;
export const MAX_CHARS = 4_000_000;

const shared = new Map<string, DataRow[]>();
let chars = 0;

export function sharedRowsOf(rows: TableRows): DataRow[] {
  if (Array.isArray(rows) || typeof window !== "undefined") return plainRowsOf(rows);
  return sharedUnpacked(rows);
}

function sharedUnpacked(packed: PackedRows): DataRow[] {
  const text = packed.packedRows;
  const found = shared.get(text);
  if (found) {
    shared.delete(text);
    shared.set(text, found);
    return found;
  }
  const rows = unpackRows(packed);
  if (text.length > MAX_CHARS / 4) return rows;
  while (shared.size >= MAX_TEXTS || (shared.size > 0 && chars + text.length > MAX_CHARS)) {
    const oldest = shared.keys().next().value as string;
    shared.delete(oldest);
    chars -= oldest.length;
  }
  shared.set(text, rows);
  chars += text.length;
  return rows;
}

/** What is kept, for tests. */
export const sharedRowsKept = () => ({ texts: shared.size, chars });

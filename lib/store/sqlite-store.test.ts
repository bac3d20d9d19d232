/**
 * The SQLite store copies its write-ahead log into the database after a write, not inside the write's commit: the
 * file grows only once the write has been answered, and then by the rows written.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openPortalDb } from "./sqlite-file";
import { sqliteStore } from "./sqlite-store";
import type { Store } from "./store";

const ROWS = 1_500;
const ROW_BYTES = 3_000;

let dir = "";
let store: Store | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function grown(path: string, from: number, by: number): Promise<number> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const size = statSync(path).size;
    if (size >= from + by || Date.now() > deadline) return size;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("the SQLite store's checkpoints", () => {
  it("copies a write's log into the database after the write, not in its commit", async () => {
    dir = mkdtempSync(join(tmpdir(), "sqlite-store-"));
    const path = join(dir, "portal.db");
    store = sqliteStore(openPortalDb(path));
    await sql`CREATE TABLE filler (b BLOB NOT NULL)`.execute(store.db);
    const before = statSync(path).size;
    // About 1,500 pages of 4 KiB: past SQLite's own threshold (1,000), which would copy them in the commit.
    await store.write((tx) =>
      sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})
          INSERT INTO filler SELECT randomblob(${ROW_BYTES}) FROM n`.execute(tx.db),
    );
    expect(statSync(path).size).toBe(before);
    expect(await grown(path, before, ROWS * ROW_BYTES)).toBeGreaterThanOrEqual(before + ROWS * ROW_BYTES);
    const { count } = (await sql<{ count: number }>`SELECT count(*) AS count FROM filler`.execute(store.db)).rows[0];
    expect(count).toBe(ROWS);
  });
});

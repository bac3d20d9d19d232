import { chmodSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { openSqlite } from "./open-sqlite";

const modeOf = (file: string) => statSync(file).mode & 0o777;
const MIGRATIONS = [{ version: 1, name: "one table", sql: "CREATE TABLE t (x INTEGER) STRICT;" }];

describe("openSqlite with ownerOnly", () => {
  it("creates a new database readable by its owner only, whatever the umask", () => {
    const path = join(mkdtempSync(join(tmpdir(), "sqlite-")), "new", "store.db");
    const before = process.umask(0o022);
    try {
      const db = openSqlite(path, MIGRATIONS, { ownerOnly: true });
      db.prepare("INSERT INTO t VALUES (1)").run();
      for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(modeOf(file), file).toBe(0o600);
      db.close();
    } finally {
      process.umask(before);
    }
  });

  it("makes an existing database that others may read owner-only at the next open", () => {
    const dir = mkdtempSync(join(tmpdir(), "sqlite-"));
    const path = join(dir, "old.db");
    const old = new Database(path);
    old.pragma("journal_mode = WAL");
    old.exec("CREATE TABLE kept (x INTEGER)");
    old.close();
    writeFileSync(`${path}-wal`, "");
    for (const file of [path, `${path}-wal`]) chmodSync(file, 0o644);
    openSqlite(path, MIGRATIONS, { ownerOnly: true }).close();
    expect(modeOf(path)).toBe(0o600);
  });
});

import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { demoStudies } from "./generator/generate-dataset";
import { createDatabase, openDatabase } from "./open";

let dir: string;
let umask: number;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "partner-open-"));
  // The usual umask, which lets others read new files: the database must not rely on a stricter one.
  umask = process.umask(0o022);
});
afterEach(() => {
  process.umask(umask);
  rmSync(dir, { recursive: true, force: true });
});

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe("the service database file", () => {
  it("is created readable and writable by its owner only, and so are its -wal and -shm", async () => {
    const path = join(dir, "service.db");
    await createDatabase(path, { seed: 1, studies: demoStudies({ subjects: 2, visits: 2 }) });
    expect(modeOf(path)).toBe(0o600);
    const db = openDatabase(path);
    db.prepare("INSERT INTO dataset_info (key, value) VALUES ('mode-test', 'x')").run();
    for (const file of [`${path}-wal`, `${path}-shm`]) {
      expect(existsSync(file), file).toBe(true);
      expect(modeOf(file), file).toBe(0o600);
    }
    db.close();
  });
});

/**
 * Opening the service database, and creating it with generated data when it
 * is missing. A new database is built in a temporary file and renamed into
 * place, so a crash mid-way never leaves a half-filled database behind. The
 * file is readable by its owner only (it holds the registry's secret hashes
 * and the tokens' hashes), and SQLite gives its journal, -wal and -shm files
 * the same mode.
 */

import { chmodSync, closeSync, existsSync, mkdirSync, openSync, renameSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { migrate } from "@/lib/sqlite/migrate";
import { openSqlite } from "@/lib/sqlite/open-sqlite";
import { takeEarlierCuts } from "./cuts/data-cuts";
import { generateDataset, type StudyPlan } from "./generator/generate-dataset";
import { serviceMigrations } from "./service-migrations";

export interface CreateOptions {
  seed: number;
  studies: StudyPlan[];
  /** Plant the generator's deliberate imperfections (the default); false gives data that follows every rule. */
  imperfections?: boolean;
  /**
   * Data cuts: the generated data become cut `latest`, the earlier ones are recorded backward, and the database
   * starts at cut `at` (default `latest`). Without it the data are cut 1 with none recorded.
   */
  cuts?: { latest: number; at?: number };
  /** Registers partners and grants once the data is in; the demo passes the published demo registry. */
  register?: (db: Database.Database) => Promise<void>;
}

export function openDatabase(path: string): Database.Database {
  return openSqlite(path, serviceMigrations, { ownerOnly: true, pragmas: ["synchronous = NORMAL"] });
}

export async function createDatabase(
  path: string,
  opts: CreateOptions,
): Promise<{ rows: Record<string, number>; ms: number }> {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.creating-${process.pid}`;
  rmSync(tmp, { force: true });
  // Created owner-only before SQLite opens it (chmod too, in case an umask or an existing file got in the way).
  closeSync(openSync(tmp, "wx", 0o600));
  chmodSync(tmp, 0o600);
  const db = new Database(tmp);
  try {
    migrate(db, serviceMigrations);
    const report = generateDataset(db, { seed: opts.seed, studies: opts.studies, imperfections: opts.imperfections });
    if (opts.cuts) takeEarlierCuts(db, opts.cuts.latest, opts.cuts.at);
    await opts.register?.(db);
    db.pragma("journal_mode = DELETE");
    db.close();
    renameSync(tmp, path);
    return report;
  } catch (err) {
    if (db.open) db.close();
    rmSync(tmp, { force: true });
    throw err;
  }
}

/** Opens the database at `path`, first creating it with `create` when the file does not exist. */
export async function openOrCreate(path: string, create?: CreateOptions): Promise<Database.Database> {
  if (!existsSync(path)) {
    if (!create)
      throw new Error(`The partner service database ${path} does not exist. Create it with \`npm run data\`.`);
    await createDatabase(path, create);
  }
  return openDatabase(path);
}

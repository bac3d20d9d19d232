/**
 * `npm run audit -- <command>`: check the portal's audit trail or take it out as JSON lines (docs/audit.md). Reads
 * the portal database (PORTAL_DB_PATH) and writes nothing to it.
 */

import { once } from "node:events";
import { createWriteStream, existsSync, renameSync, rmSync } from "node:fs";
import type { Writable } from "node:stream";
import type { Database } from "better-sqlite3";
import { exportLines } from "@/lib/audit/export-entries";
import { parseTimeBound, TIME_BOUND_HELP, type TimeRange } from "@/lib/audit/time-range";
import { verifyChain } from "@/lib/audit/verify-chain";
import { parseArgs, run } from "@/lib/cli/args";
import { env } from "@/lib/config/env";
import { openPortalDb } from "@/lib/db/portal-db";

const USAGE = `Usage: npm run audit -- <command>
  verify                           check the whole hash chain; names the first entry that does not fit (exit 1)
  export --from <when> --to <when> [--out <file>]
                                   the entries from .. to (both inclusive) as JSON lines, to stdout or the file
<when> is ${TIME_BOUND_HELP}.
Database: PORTAL_DB_PATH (now ${env().PORTAL_DB_PATH}).`;

function verify(db: Database): void {
  const check = verifyChain(db);
  if (!check.ok) {
    console.error(`Audit trail broken at entry ${check.id} (${check.problem}): ${check.message}.`);
    console.error(`Entries 1 to ${check.entries} fit the chain.`);
    process.exitCode = 1;
    return;
  }
  if (!check.last) console.log("The audit trail is empty.");
  else
    console.log(
      `The audit trail is intact: ${check.entries} entries. Last entry ${check.last.id}, hash ${check.last.hash}\n` +
        "Keep that hash elsewhere: a later verify must end at or after it with the same hash at that ID.",
    );
}

function rangeOf(flags: Record<string, string>): TimeRange {
  const bound = (side: "from" | "to") => {
    const text = flags[side];
    if (text === undefined || text === "true") throw new Error(`export needs --${side} <when>.\n${USAGE}`);
    const iso = parseTimeBound(text, side);
    if (!iso) throw new Error(`--${side} is not ${TIME_BOUND_HELP}.`);
    return iso;
  };
  const range = { from: bound("from"), toExclusive: bound("to") };
  if (range.from >= range.toExclusive) throw new Error("--from is after --to: nothing to export.");
  return range;
}

async function writeLines(db: Database, range: TimeRange, out: Writable): Promise<number> {
  let n = 0;
  for (const line of exportLines(db, range)) {
    n++;
    if (!out.write(line)) await once(out, "drain");
  }
  return n;
}

/** To a file: written beside it first and renamed when complete, so a failed export leaves no partial file. */
async function exportToFile(db: Database, range: TimeRange, file: string): Promise<void> {
  const partial = `${file}.partial`;
  const out = createWriteStream(partial, { mode: 0o600 });
  try {
    const n = await writeLines(db, range, out);
    out.end();
    await once(out, "finish");
    renameSync(partial, file);
    console.error(`Wrote ${n} entries to ${file}.`);
  } catch (err) {
    out.destroy();
    rmSync(partial, { force: true });
    throw err;
  }
}

async function main(): Promise<void> {
  const {
    positional: [command],
    flags,
  } = parseArgs(process.argv.slice(2));
  if (command !== "verify" && command !== "export") {
    console.log(USAGE);
    if (command && command !== "help") process.exitCode = 1;
    return;
  }
  const range = command === "export" ? rangeOf(flags) : undefined;
  const path = env().PORTAL_DB_PATH;
  if (path !== ":memory:" && !existsSync(path)) throw new Error(`there is no portal database at ${path}.`);
  const db = openPortalDb(path);
  try {
    if (!range) verify(db);
    else if (flags.out && flags.out !== "true") await exportToFile(db, range, flags.out);
    else await writeLines(db, range, process.stdout);
  } finally {
    db.close();
  }
}

run(main);

/**
 * `npm run audit -- <command>`: check the portal's audit trail or take it out as JSON lines (docs/audit.md). Reads
 * the configured store (PostgreSQL at DATABASE_URL, else the SQLite file at PORTAL_DB_PATH) and its checkpoint file,
 * and writes to neither.
 */

import { once } from "node:events";
import { createWriteStream, existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import type { Writable } from "node:stream";
import { type AuditKeys, auditKeys, deriveAuditKeys, keyring } from "@/lib/audit/audit-key";
import { type Anchor, checkpointFileOf, readCheckpoints } from "@/lib/audit/checkpoint-file";
import { exportLines } from "@/lib/audit/export-entries";
import { parseTimeBound, TIME_BOUND_HELP, type TimeRange } from "@/lib/audit/time-range";
import { verifyChain } from "@/lib/audit/verify-chain";
import { parseArgs, run } from "@/lib/cli/args";
import { env } from "@/lib/config/env";
import { decodeSecretKey } from "@/lib/crypto/portal-keys";
import { openConfiguredStore } from "@/lib/store/portal-store";
import type { Store } from "@/lib/store/store";

const USAGE = `Usage: npm run audit -- <command>
  verify [--expect <id>:<hash>] [--checkpoints <file>] [--previous-keys <file>]
                                   check the whole hash chain, and that it reaches each checkpoint of the checkpoint
                                   file and the expected entry with that hash; names the first entry that does not
                                   fit (exit 1). --previous-keys: earlier PORTAL_SECRET_KEYs, one a line
  export --from <when> --to <when> [--out <file>]
                                   the entries from .. to (both inclusive) as JSON lines, to stdout or the file
<when> is ${TIME_BOUND_HELP}.
Store: PostgreSQL at DATABASE_URL when set, else the SQLite file at PORTAL_DB_PATH (now ${env().PORTAL_DB_PATH}).
Key: PORTAL_SECRET_KEY.`;

const flag = (flags: Record<string, string>, name: string) =>
  flags[name] === undefined || flags[name] === "true" ? undefined : flags[name];

/** `--expect <id>:<hash>`: an entry's ID and hash as a verify printed them and the operator kept them. */
function expectedAnchor(text: string): Anchor {
  const m = /^([1-9]\d{0,15}):([0-9a-f]{64})$/.exec(text.trim());
  if (!m) throw new Error("--expect takes <id>:<hash>, as verify prints them (an entry ID, 64 hexadecimal digits).");
  return { id: Number(m[1]), hash: m[2], source: "--expect" };
}

function verifyKeys(flags: Record<string, string>): ReadonlyMap<string, AuditKeys> {
  const file = flag(flags, "previous-keys");
  const earlier = file
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter((l) => l.trim())
        .map((l, i) => deriveAuditKeys(decodeSecretKey(l, `Line ${i + 1} of ${file}`)))
    : [];
  return keyring(...earlier, auditKeys());
}

async function verify(store: Store, flags: Record<string, string>): Promise<void> {
  const keys = verifyKeys(flags);
  const file = flag(flags, "checkpoints") ?? (await checkpointFileOf(store));
  const read = file ? readCheckpoints(file, keys) : { ok: true as const, anchors: [] };
  if (!read.ok) {
    console.error(`Checkpoint file rejected: ${read.message}.`);
    process.exitCode = 1;
    return;
  }
  const expected = flag(flags, "expect");
  const anchors = [...read.anchors, ...(expected ? [expectedAnchor(expected)] : [])];
  const check = await verifyChain(store, { keys, anchors });
  if (!check.ok) {
    console.error(`Audit trail broken at entry ${check.id} (${check.problem}): ${check.message}.`);
    console.error(`Entries 1 to ${check.entries} fit the chain.`);
    process.exitCode = 1;
    return;
  }
  if (!file || !existsSync(file))
    console.error("No checkpoint file: entries cut off the end, or a tail written anew, cannot be seen without one.");
  else console.log(`Checked against ${read.anchors.length} checkpoints in ${file}.`);
  if (!check.last) console.log("The audit trail is empty.");
  else
    console.log(
      `The audit trail is intact: ${check.entries} entries` +
        (check.unkeyed ? ` (entries 1 to ${check.unkeyed} from before the chain was keyed)` : "") +
        `. Last entry ${check.last.id}, hash ${check.last.hash}\n` +
        `Keep that hash elsewhere: a later verify --expect ${check.last.id}:<hash> must reach it with the same hash.`,
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

async function writeLines(store: Store, range: TimeRange, out: Writable): Promise<number> {
  let n = 0;
  for await (const line of exportLines(store, range)) {
    n++;
    if (!out.write(line)) await once(out, "drain");
  }
  return n;
}

/** To a file: written beside it first and renamed when complete, so a failed export leaves no partial file. */
async function exportToFile(store: Store, range: TimeRange, file: string): Promise<void> {
  const partial = `${file}.partial`;
  const out = createWriteStream(partial, { mode: 0o600 });
  try {
    const n = await writeLines(store, range, out);
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
  const { DATABASE_URL, PORTAL_DB_PATH: path } = env();
  if (!DATABASE_URL && path !== ":memory:" && !existsSync(path))
    throw new Error(`there is no portal database at ${path}.`);
  const store = await openConfiguredStore(path);
  try {
    if (!range) await verify(store, flags);
    else if (flags.out && flags.out !== "true") await exportToFile(store, range, flags.out);
    else await writeLines(store, range, process.stdout);
  } finally {
    await store.close();
  }
}

run(main);

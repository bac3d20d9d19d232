/**
 * The checkpoint file (docs/audit.md, "Checkpoints"): one JSON line per checkpoint, `{hash, id, key_id, mac, time}`,
 * saying that entry `id` of the trail had `hash` at `time`. `mac` is the HMAC-SHA-256, under the checkpoint key
 * (lib/audit/audit-key.ts), of the line's other four fields as canonical JSON: a line cannot be made or changed
 * without the key. The file lives outside the database and is only ever appended to; shipped to storage the
 * database's holders cannot rewrite, it shows entries cut off the end of the trail, or a tail written anew.
 */
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { sql } from "kysely";
import { env } from "@/lib/config/env";
import type { Store } from "@/lib/store/store";
import { type AuditKeys, hmacHex } from "./audit-key";
import { canonicalJson } from "./canonical";

/** An entry's ID and hash as kept outside the database, and where that was said (for a message). */
export interface Anchor {
  id: number;
  hash: string;
  source: string;
}

const signed = (c: { hash: string; id: number; key_id: string; time: string }) => canonicalJson(c);

export function checkpointLine(entry: { id: number; hash: string }, keys: AuditKeys, time: Date): string {
  const content = { hash: entry.hash, id: entry.id, key_id: keys.keyId, time: time.toISOString() };
  return `${canonicalJson({ ...content, mac: hmacHex(keys.checkpoint, signed(content)) })}\n`;
}

/** Appends one line (O_APPEND: lines of two processes do not mix); the file is created owner-only. */
export function appendCheckpoint(file: string, line: string): void {
  appendFileSync(file, line, { mode: 0o600 });
}

/**
 * The checkpoint file of a store. SQLite: none for a database in memory; AUDIT_CHECKPOINT_FILE for the configured
 * file (PORTAL_DB_PATH); `<file>.audit-checkpoints.jsonl` beside any other. PostgreSQL: AUDIT_CHECKPOINT_FILE when
 * the configuration names a PostgreSQL store (DATABASE_URL), none otherwise (a test's store). Each process keeps its
 * own file: with several instances, every one of them checkpoints the one chain.
 */
export async function checkpointFileOf(store: Store): Promise<string | null> {
  const e = env();
  if (store.kind === "postgres") return e.DATABASE_URL ? e.AUDIT_CHECKPOINT_FILE : null;
  const { rows } = await sql<{ name: string; file: string }>`PRAGMA database_list`.execute(store.db);
  const file = rows.find((r) => r.name === "main")?.file;
  if (!file) return null;
  return resolve(file) === resolve(e.PORTAL_DB_PATH) ? e.AUDIT_CHECKPOINT_FILE : `${file}.audit-checkpoints.jsonl`;
}

export type CheckpointRead = { ok: true; anchors: Anchor[] } | { ok: false; message: string };

const HEX64 = /^[0-9a-f]{64}$/;

function parseLine(text: string, keysById: ReadonlyMap<string, AuditKeys>): Omit<Anchor, "source"> | string {
  let c: Record<string, unknown>;
  try {
    c = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return "is not JSON";
  }
  const { hash, id, key_id, time, mac } = c;
  if (typeof hash !== "string" || !HEX64.test(hash) || !Number.isSafeInteger(id) || (id as number) < 1)
    return "is not a checkpoint";
  if (typeof key_id !== "string" || typeof time !== "string" || typeof mac !== "string") return "is not a checkpoint";
  const keys = keysById.get(key_id);
  if (!keys) return `was signed under another key (key ${key_id}) than the one verify was given`;
  if (mac !== hmacHex(keys.checkpoint, signed({ hash, id: id as number, key_id, time })))
    return "does not match its MAC: it was not written by the portal, or was changed";
  return { id: id as number, hash };
}

/** Every line of the file, each checked against its MAC; the first line that does not check is named. */
export function readCheckpoints(file: string, keysById: ReadonlyMap<string, AuditKeys>): CheckpointRead {
  if (!existsSync(file)) return { ok: true, anchors: [] };
  const anchors: Anchor[] = [];
  const lines = readFileSync(file, "utf8").split("\n");
  for (const [i, text] of lines.entries()) {
    if (text === "" && i === lines.length - 1) break;
    const parsed = parseLine(text, keysById);
    if (typeof parsed === "string") return { ok: false, message: `line ${i + 1} of ${file} ${parsed}` };
    anchors.push({ ...parsed, source: `line ${i + 1} of ${file}` });
  }
  return { ok: true, anchors };
}

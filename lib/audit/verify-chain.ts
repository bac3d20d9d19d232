/**
 * Checks the whole audit trail, one entry at a time in ID order (read in batches of VERIFY_BATCH entries, never all in
 * memory), from either store: IDs run 1, 2, 3...
 * without a gap; each entry's prev_hash is the hash of the one before (64 zeros for the first); each hash is the
 * HMAC of the entry's canonical content under the audit key it names (the plain SHA-256 for an entry from before
 * keys, and only before the first keyed one); the stored details are their own canonical JSON; and the trail agrees
 * with every anchor kept outside it (checkpoints, an ID and hash the operator kept): it reaches each anchor's entry,
 * with that hash. The first entry that does not fit is named with what is wrong (docs/audit.md).
 */
import type { Store } from "@/lib/store/store";
import { type AuditKeys, auditKeys, keyring } from "./audit-key";
import { type AuditRow, canonicalJson, entryHash, GENESIS_HASH, keyedEntryHash } from "./canonical";
import type { Anchor } from "./checkpoint-file";

export type ChainProblem =
  | "gap"
  | "prev_hash mismatch"
  | "hash mismatch"
  | "unreadable details"
  | "details not canonical"
  | "unkeyed after keyed"
  | "unknown key"
  | "anchor mismatch"
  | "ends before anchor";

export type ChainCheck =
  | { ok: true; entries: number; last: { id: number; hash: string } | null; unkeyed: number }
  | { ok: false; entries: number; id: number; problem: ChainProblem; message: string };

export interface VerifyOptions {
  /** The keys entries may be under, by key ID: the process's, and earlier ones for entries written under them. */
  keys: ReadonlyMap<string, AuditKeys>;
  anchors?: readonly Anchor[];
}

type Problem = [ChainProblem, string] | undefined;

/** What is wrong with one entry's own content, or undefined. */
function contentProblem(row: AuditRow, keys: VerifyOptions["keys"], keyedBefore: boolean): Problem {
  let details: unknown;
  try {
    details = JSON.parse(row.details);
  } catch {
    return ["unreadable details", `entry ${row.id}'s details are not JSON: the entry was changed`];
  }
  if (canonicalJson(details) !== row.details)
    return ["details not canonical", `entry ${row.id}'s details are not as written (not canonical JSON): changed`];
  if (row.key_id == null) {
    if (keyedBefore)
      return ["unkeyed after keyed", `entry ${row.id} has no key after keyed entries: the tail was written anew`];
    return entryHash(row) === row.hash ? undefined : mismatch(row);
  }
  const key = keys.get(row.key_id);
  if (!key)
    return [
      "unknown key",
      `entry ${row.id} was written under key ${row.key_id}, not one verify was given (PORTAL_SECRET_KEY then)`,
    ];
  return keyedEntryHash(row, key.chain) === row.hash ? undefined : mismatch(row);
}

const mismatch = (row: AuditRow): Problem => [
  "hash mismatch",
  `entry ${row.id}'s content does not match its hash: the entry was changed`,
];

function linkProblem(row: AuditRow, expectedId: number, prevHash: string): Problem {
  if (row.id !== expectedId)
    return [
      "gap",
      expectedId === 1
        ? `entry ${row.id} is the first one; entries 1 to ${row.id - 1} are missing`
        : `entry ${row.id} follows entry ${expectedId - 1}; entries ${expectedId} to ${row.id - 1} are missing`,
    ];
  if (row.prev_hash !== prevHash)
    return [
      "prev_hash mismatch",
      expectedId === 1
        ? `entry ${row.id}'s prev_hash is not 64 zeros (it is the first entry)`
        : `entry ${row.id}'s prev_hash is not the hash of entry ${row.id - 1}: one of the two was changed`,
    ];
  return undefined;
}

function anchorProblem(row: AuditRow, anchors: ReadonlyMap<number, Anchor[]>): Problem {
  const differs = anchors.get(row.id)?.find((a) => a.hash !== row.hash);
  return differs && ["anchor mismatch", `entry ${row.id}'s hash is not the one ${differs.source} gives: rewritten`];
}

const CUT_OFF = "entries were cut off";

/** Entries read at once: the memory verify takes, whatever the trail's length. */
export const VERIFY_BATCH = 1000;

/** Every entry in ID order, VERIFY_BATCH at a time (each batch after the last ID read: each costs the same). */
async function* entriesOf(store: Store): AsyncGenerator<AuditRow> {
  let afterId = 0;
  for (;;) {
    const batch: AuditRow[] = await store.db
      .selectFrom("audit_log")
      .selectAll()
      .where("id", ">", afterId)
      .orderBy("id")
      .limit(VERIFY_BATCH)
      .execute();
    yield* batch;
    if (batch.length < VERIFY_BATCH) return;
    afterId = batch[batch.length - 1].id;
  }
}

/** By default with the process's key only, and no anchors. */
export async function verifyChain(
  store: Store,
  options: VerifyOptions = { keys: keyring(auditKeys()) },
): Promise<ChainCheck> {
  const anchors = new Map<number, Anchor[]>();
  for (const a of options.anchors ?? []) anchors.set(a.id, [...(anchors.get(a.id) ?? []), a]);
  let expectedId = 1;
  let prevHash = GENESIS_HASH;
  let unkeyed = 0;
  for await (const row of entriesOf(store)) {
    const problem =
      linkProblem(row, expectedId, prevHash) ??
      contentProblem(row, options.keys, expectedId > unkeyed + 1) ??
      anchorProblem(row, anchors);
    if (problem) return { ok: false, entries: expectedId - 1, id: row.id, problem: problem[0], message: problem[1] };
    if (row.key_id == null) unkeyed++;
    prevHash = row.hash;
    expectedId++;
  }
  const entries = expectedId - 1;
  const beyond = [...anchors.values()]
    .flat()
    .reduce<Anchor | undefined>((m, a) => (a.id > (m?.id ?? 0) ? a : m), undefined);
  if (beyond && beyond.id > entries)
    return {
      ok: false,
      entries,
      id: beyond.id,
      problem: "ends before anchor",
      message: `the trail ends at entry ${entries}, but ${beyond.source} names entry ${beyond.id}: ${CUT_OFF}`,
    };
  return { ok: true, entries, last: entries ? { id: entries, hash: prevHash } : null, unkeyed };
}

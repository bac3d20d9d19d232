/**
 * Checks the whole audit trail, one entry at a time in ID order (streamed, never all in memory): IDs run 1, 2, 3...
 * without a gap, each entry's prev_hash is the hash of the one before (64 zeros for the first), and each hash is
 * the SHA-256 of the entry's canonical content (lib/audit/canonical.ts). The first entry that does not fit is named
 * with what is wrong. What a chain cannot show by itself (entries cut off at the end, or a rewritten tail) is why
 * the result gives the last ID and hash, to be kept elsewhere (docs/audit.md).
 */
import type { Database } from "better-sqlite3";
import { type AuditRow, entryHash, GENESIS_HASH } from "./canonical";

export type ChainProblem = "gap" | "prev_hash mismatch" | "hash mismatch" | "unreadable details";

export type ChainCheck =
  | { ok: true; entries: number; last: { id: number; hash: string } | null }
  | { ok: false; entries: number; id: number; problem: ChainProblem; message: string };

export function verifyChain(db: Database): ChainCheck {
  let expectedId = 1;
  let prevHash = GENESIS_HASH;
  for (const row of db.prepare("SELECT * FROM audit_log ORDER BY id").iterate() as Iterable<AuditRow>) {
    const bad = (problem: ChainProblem, message: string): ChainCheck => ({
      ok: false,
      entries: expectedId - 1,
      id: row.id,
      problem,
      message,
    });
    if (row.id !== expectedId)
      return bad(
        "gap",
        expectedId === 1
          ? `entry ${row.id} is the first one; entries 1 to ${row.id - 1} are missing`
          : `entry ${row.id} follows entry ${expectedId - 1}; entries ${expectedId} to ${row.id - 1} are missing`,
      );
    if (row.prev_hash !== prevHash)
      return bad(
        "prev_hash mismatch",
        expectedId === 1
          ? `entry ${row.id}'s prev_hash is not 64 zeros (it is the first entry)`
          : `entry ${row.id}'s prev_hash is not the hash of entry ${row.id - 1}: one of the two was changed`,
      );
    let hash: string;
    try {
      hash = entryHash(row);
    } catch {
      return bad("unreadable details", `entry ${row.id}'s details are not JSON: the entry was changed`);
    }
    if (hash !== row.hash)
      return bad("hash mismatch", `entry ${row.id}'s content does not match its hash: the entry was changed`);
    prevHash = row.hash;
    expectedId++;
  }
  const entries = expectedId - 1;
  return { ok: true, entries, last: entries ? { id: entries, hash: prevHash } : null };
}

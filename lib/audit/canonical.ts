/**
 * The canonical content of an audit entry and its hash (docs/audit.md, "The hash chain"): JSON with every object's
 * keys sorted by UTF-16 code units, no white space, strings escaped as JSON.stringify escapes them, integers only.
 * For these values that is RFC 8785 (JSON Canonicalization Scheme), so an auditor can recompute a hash with any
 * JCS tool, or by hand.
 */
import { createHash, createHmac } from "node:crypto";
import type { AuditLogTable } from "@/lib/store/tables";

/** The prev_hash of the first entry: 64 zeros. */
export const GENESIS_HASH = "0".repeat(64);

/**
 * An entry as stored, one property per column of audit_log. `key_id` names the key the hash is an HMAC under
 * (lib/audit/audit-key.ts keyId); null for an entry written before the chain was keyed, whose hash is a plain
 * SHA-256. Absent in a row made by hand: the same as null.
 */
export type AuditRow = Omit<AuditLogTable, "key_id"> & { key_id?: string | null };

/** JSON with sorted keys and no white space; undefined properties are left out; non-integers are refused. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === "boolean" || typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") {
    // Fractions and exponents are where JSON serialisers disagree; the trail has whole numbers only.
    if (!Number.isSafeInteger(value)) throw new Error(`audit: not a whole number: ${value}`);
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(",")}}`;
  }
  throw new Error(`audit: a ${typeof value} has no canonical JSON`);
}

/**
 * The text an entry's hash is taken over: every column but `hash`, `details` as the JSON value it holds; `key_id`
 * only in a keyed entry, so that an unkeyed entry's content is what it was before keys. Throws when the stored
 * details are not JSON.
 */
export function canonicalContent(row: Omit<AuditRow, "hash">): string {
  const { id, time, actor_id, actor_email, address, action, connection_id, study, details, prev_hash } = row;
  const content = { id, time, actor_id, actor_email, address, action, connection_id, study, prev_hash };
  const key = row.key_id == null ? {} : { key_id: row.key_id };
  return canonicalJson({ ...content, ...key, details: JSON.parse(details) as unknown });
}

/** SHA-256 of the canonical content in UTF-8, as 64 lowercase hexadecimal digits: an unkeyed entry's hash. */
export function entryHash(row: Omit<AuditRow, "hash">): string {
  return createHash("sha256").update(canonicalContent(row), "utf8").digest("hex");
}

/** HMAC-SHA-256 of the canonical content under the chain key: a keyed entry's hash, in the same notation. */
export function keyedEntryHash(row: Omit<AuditRow, "hash">, chainKey: Buffer): string {
  return createHmac("sha256", chainKey).update(canonicalContent(row), "utf8").digest("hex");
}

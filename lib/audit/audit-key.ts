/**
 * The audit trail's keys (docs/audit.md, "The keyed chain"), kept outside the database: derived from the portal's
 * secret key (PORTAL_SECRET_KEY, or demo mode's key file) by HKDF-SHA-256 with labels of their own, so that no
 * setting is added and neither key is the one that seals client secrets. Someone holding the database file but not
 * this key cannot write an entry, or a checkpoint, that verifies.
 */
import { createHmac, hkdfSync } from "node:crypto";
import { env } from "@/lib/config/env";
import { resolveSecretKey } from "@/lib/crypto/portal-keys";
import { processSingleton } from "@/lib/runtime/process-singleton";

/** The HKDF labels (`info`); a new derivation gets a new label, never a reuse of one. */
export const CHAIN_KEY_LABEL = "study-portal audit chain v1";
export const CHECKPOINT_KEY_LABEL = "study-portal audit checkpoints v1";

export interface AuditKeys {
  /** The HMAC-SHA-256 key of entry hashes. */
  chain: Buffer;
  /** The HMAC-SHA-256 key of checkpoint lines. */
  checkpoint: Buffer;
  /**
   * Names the key without revealing it (16 hexadecimal digits of an HMAC under it), stored with each entry: verify
   * can then tell "written under another key" from "changed".
   */
  keyId: string;
}

const derive = (secret: Buffer, label: string) => Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), label, 32));

export function deriveAuditKeys(secretKey: Buffer): AuditKeys {
  const chain = derive(secretKey, CHAIN_KEY_LABEL);
  const keyId = createHmac("sha256", chain).update("key id").digest("hex").slice(0, 16);
  return { chain, checkpoint: derive(secretKey, CHECKPOINT_KEY_LABEL), keyId };
}

/** HMAC-SHA-256 in lowercase hexadecimal. */
export const hmacHex = (key: Buffer, text: string) => createHmac("sha256", key).update(text, "utf8").digest("hex");

/** The process's audit keys, from its configuration; throws, naming PORTAL_SECRET_KEY, when there is no key. */
export function auditKeys(): AuditKeys {
  return processSingleton("auditKeys", () => deriveAuditKeys(resolveSecretKey(env())));
}

/** Keys by their key ID, as verify takes them. */
export const keyring = (...keys: AuditKeys[]): ReadonlyMap<string, AuditKeys> => new Map(keys.map((k) => [k.keyId, k]));

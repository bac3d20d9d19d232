/**
 * The secret each known client last presented correctly, remembered as an
 * HMAC under a key made when the process starts, beside the stored hash it
 * was checked against (docs/partner-service.md, Rate limit). A client that
 * presents the same secret again, while its stored hash is unchanged, is
 * known without a scrypt check and without the failure allowances: failures
 * in its name, however many, cannot refuse the secret it already proved, and
 * it costs no CPU. A rotated secret or a disabled client no longer matches
 * (the stored hash changed, or no client is found), and nothing survives a
 * restart.
 *
 * Bounded: at most one entry per client of the registry, and at most
 * DEFAULT_MAX_KEYS entries (the least recently used beyond it is forgotten).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { DEFAULT_MAX_KEYS } from "./rate-limit";
import type { VerifiedClient } from "./tokens";

export interface VerifiedSecrets {
  /** Whether `secret` is the one the client last proved, against the hash it still has. */
  matches(client: VerifiedClient, secret: string): boolean;
  /** Remembers `secret`, just checked against `client.secretHash` and found right. */
  remember(client: VerifiedClient, secret: string): void;
  /** Entries held now (for tests). */
  readonly size: number;
}

interface Entry {
  secretHash: string;
  mac: Buffer;
}

export function createVerifiedSecrets(maxKeys = DEFAULT_MAX_KEYS): VerifiedSecrets {
  const key = randomBytes(32);
  // Kept in order of last use, so the least recently used is first.
  const entries = new Map<string, Entry>();
  const macOf = (clientId: string, secret: string) =>
    createHmac("sha256", key).update(clientId).update("\0").update(secret).digest();
  return {
    matches(client, secret) {
      const entry = entries.get(client.clientId);
      if (!entry || entry.secretHash !== client.secretHash) return false;
      if (!timingSafeEqual(entry.mac, macOf(client.clientId, secret))) return false;
      entries.delete(client.clientId);
      entries.set(client.clientId, entry);
      return true;
    },
    remember(client, secret) {
      entries.delete(client.clientId);
      if (entries.size >= maxKeys) entries.delete(entries.keys().next().value as string);
      entries.set(client.clientId, { secretHash: client.secretHash, mac: macOf(client.clientId, secret) });
    },
    get size() {
      return entries.size;
    },
  };
}

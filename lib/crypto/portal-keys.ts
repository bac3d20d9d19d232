/**
 * The portal's two secrets: the key that seals partner client secrets at rest
 * and the secret that encrypts session cookies. Outside demo mode both must
 * come from the environment, so a deployment never runs on a key that nobody
 * chose; in demo mode a missing one is generated once into a file that only
 * its owner can read, so that sessions and sealed secrets survive a restart.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { type Env, env } from "@/lib/config/env";
import { processSingleton } from "@/lib/runtime/process-singleton";

export interface PortalKeys {
  /** 32 bytes for AES-256-GCM (lib/crypto/secret-box.ts). */
  secretKey: Buffer;
  /** next-auth's secret (NEXTAUTH_SECRET). */
  authSecret: string;
}

export class PortalKeyError extends Error {}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$|^[A-Za-z0-9_-]+$/;

/** The 32-byte key in a base64 value; `source` names where it came from in the error. */
export function decodeSecretKey(value: string, source: string): Buffer {
  const text = value.trim();
  const key = BASE64.test(text) ? Buffer.from(text, "base64") : Buffer.alloc(0);
  if (key.length !== 32)
    throw new PortalKeyError(
      `${source} must be the base64 of exactly 32 random bytes (create one with \`openssl rand -base64 32\`).`,
    );
  return key;
}

/**
 * Reads a key file, creating it with `generate()` and mode 0600 when it does
 * not exist. "wx" makes creation atomic, so two processes starting at once
 * never write different keys.
 */
export function readOrCreateKeyFile(path: string, generate: () => string): string {
  mkdirSync(dirname(path), { recursive: true });
  try {
    writeFileSync(path, `${generate()}\n`, { mode: 0o600, flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  // A copied or restored file may have lost its mode; a key readable by others is not a secret.
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  return readFileSync(path, "utf8").trim();
}

/**
 * PORTAL_SECRET_KEY, or in demo mode the generated key file. Also for a command that needs only this key (the audit
 * trail's, lib/audit/audit-key.ts), which then does not need NEXTAUTH_SECRET.
 */
export function resolveSecretKey(e: Env): Buffer {
  if (e.PORTAL_SECRET_KEY) return decodeSecretKey(e.PORTAL_SECRET_KEY, "PORTAL_SECRET_KEY");
  if (!e.DEMO_MODE)
    throw new PortalKeyError(
      "PORTAL_SECRET_KEY is not set: it encrypts partner client secrets and keys the audit trail " +
        "(base64 of 32 random bytes: `openssl rand -base64 32`).",
    );
  const stored = readOrCreateKeyFile(e.PORTAL_KEY_FILE, () => randomBytes(32).toString("base64"));
  return decodeSecretKey(stored, `The key file ${e.PORTAL_KEY_FILE}`);
}

/** Both secrets for a configuration, or one error that lists everything missing or invalid. */
export function resolveKeys(e: Env): PortalKeys {
  const problems: string[] = [];
  const attempt = <T>(fn: () => T): T | undefined => {
    try {
      return fn();
    } catch (err) {
      problems.push(err instanceof Error ? err.message : String(err));
      return undefined;
    }
  };
  const secretKey = attempt(() => resolveSecretKey(e));
  const authSecret = attempt(() => {
    if (e.NEXTAUTH_SECRET) return e.NEXTAUTH_SECRET;
    if (!e.DEMO_MODE)
      throw new PortalKeyError(
        "NEXTAUTH_SECRET is not set: it encrypts session cookies (at least 32 characters: `openssl rand -base64 32`).",
      );
    const stored = readOrCreateKeyFile(e.NEXTAUTH_SECRET_FILE, () => randomBytes(32).toString("base64url"));
    if (stored.length < 32)
      throw new PortalKeyError(
        `The key file ${e.NEXTAUTH_SECRET_FILE} holds fewer than 32 characters; delete it to have a new one generated.`,
      );
    return stored;
  });
  if (!secretKey || !authSecret) {
    const list = problems.map((p) => `  - ${p}`).join("\n");
    throw new PortalKeyError(
      `Study Portal cannot start without its secrets:\n${list}\n` +
        "Set them in the environment (DEMO_MODE=1 generates them for a demo).",
    );
  }
  return { secretKey, authSecret };
}

/** The process's keys, resolved once. */
export function portalKeys(): PortalKeys {
  return processSingleton("portalKeys", () => resolveKeys(env()));
}

/**
 * Client secrets are stored as salted scrypt hashes and compared in constant
 * time; access tokens are random 256-bit values stored as SHA-256 hashes
 * (their entropy makes a slow hash pointless, and lookups stay O(1)).
 */
import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";

const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;

function derive(secret: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEYLEN, { N, r: R, p: P }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashSecret(secret: string, salt: Buffer = randomBytes(16)): Promise<string> {
  const key = await derive(secret, salt);
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64")}$${key.toString("base64")}`;
}

const zeros = (bytes: number) => Buffer.alloc(bytes).toString("base64");
/** A fixed hash that unknown client IDs are checked against, so their timing matches known ones. */
const DUMMY_HASH = `scrypt$${N}$${R}$${P}$${zeros(16)}$${zeros(KEYLEN)}`;

export async function verifySecret(secret: string, stored: string | undefined): Promise<boolean> {
  const parts = (stored ?? DUMMY_HASH).split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const salt = Buffer.from(parts[4], "base64");
  const expected = Buffer.from(parts[5], "base64");
  if (expected.length !== KEYLEN) return false;
  const actual = await derive(secret, salt);
  return timingSafeEqual(actual, expected) && stored !== undefined;
}

export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function newAccessToken(): string {
  return randomBytes(32).toString("base64url");
}

export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

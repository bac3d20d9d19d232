/**
 * AES-256-GCM for secrets at rest. The associated data binds a ciphertext to
 * the row it belongs to: moved to another user's or connection's row, it no
 * longer decrypts.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1";
// GCM would otherwise accept a tag cut to as few as 4 bytes, which a forger can guess in 2^32 tries.
const TAG_BYTES = 16;

export class SecretBoxError extends Error {}

export function seal(key: Buffer, plaintext: string, associatedData: string): string {
  if (key.length !== 32) throw new SecretBoxError("The encryption key must be 32 bytes.");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(associatedData, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64"), cipher.getAuthTag().toString("base64"), body.toString("base64")].join(".");
}

export function open(key: Buffer, sealed: string, associatedData: string): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined)
    throw new SecretBoxError("The stored secret is not in a known format.");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64"), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(associatedData, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretBoxError("The stored secret cannot be decrypted with this key for this record.");
  }
}

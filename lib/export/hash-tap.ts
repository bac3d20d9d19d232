/** A pass-through that counts the bytes of a file and computes their SHA-256 as they are written. */
import { createHash } from "node:crypto";
import { Transform } from "node:stream";

export interface HashTap extends Transform {
  /** Bytes through so far. */
  bytes(): number;
  /** The SHA-256 (hex) of every byte through; call once, after the end. */
  sha256(): string;
}

export function hashTap(): HashTap {
  const hash = createHash("sha256");
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return Object.assign(tap, { bytes: () => bytes, sha256: () => hash.digest("hex") });
}

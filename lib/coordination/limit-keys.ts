/**
 * Redis key names of the shared limits (docs/coordination.md, Keys): `limit:<name>:<key's hash>`. The key comes from
 * requests (an email, a source address, a user's study), so it is hashed: however long, it makes a key of the same
 * short length, and no email or address is written into Redis.
 */
import { createHash } from "node:crypto";

/** A limit's name: lower case, digits and dashes ("sign-in-email"). */
const NAME = /^[a-z][a-z0-9-]{0,39}$/;

/** The Redis key (before the connection's prefix) of `key` in the limit `name`. */
export function limitKey(name: string, key: string | number): string {
  if (!NAME.test(name)) throw new Error(`A limit's name is lower case, digits and dashes, not "${name}".`);
  return `limit:${name}:${createHash("sha256").update(String(key)).digest("base64url")}`;
}

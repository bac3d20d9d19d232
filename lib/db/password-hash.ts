/**
 * Password hashes: argon2id for every new hash; bcrypt ($2a$/$2b$/$2y$) hashes
 * from before still verify and are replaced at the next successful sign-in.
 * Both native libraries hash and compare on libuv's thread pool, never on the
 * main thread that serves every request (docs/security.md).
 */
import { type Algorithm, hash, parseOptions, verify } from "@node-rs/argon2";
import { verify as verifyBcrypt } from "@node-rs/bcrypt";

/**
 * argon2id with 64 MiB, 3 passes, 1 lane: about 90 ms per hash or check on the 2-core server (OWASP's minimum is
 * 19 MiB, 2 passes, 1 lane). Changing them upgrades each stored hash at its account's next sign-in.
 */
export const ARGON2_PARAMS = {
  // Algorithm.Argon2id: the package's enum is a const enum, which isolatedModules cannot read.
  algorithm: 2 as Algorithm,
  memoryCost: 64 * 1024,
  timeCost: 3,
  parallelism: 1,
};

/**
 * Compared against when an email is unknown (or its account has no password), so that such a sign-in costs what a
 * real one does and timing does not tell which emails exist. Same parameters as ARGON2_PARAMS (a test checks it);
 * the password behind it was random and is forgotten.
 */
export const DUMMY_HASH =
  "$argon2id$v=19$m=65536,t=3,p=1$AKdhw89Rb3F02lpANENHYQ$+b9TdFjtmMi69e1bX9TeqYNCzJ/TMN5A9Io4nBobeBo";

const BCRYPT = /^\$2[aby]\$/;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_PARAMS);

export interface PasswordCheck {
  ok: boolean;
  /** The stored hash is bcrypt or argon2 with other parameters: replace it now that the password is known. */
  outdated: boolean;
}

/** Checks a password against a stored hash (undefined or null: no password, never ok but just as slow). */
export async function checkPassword(password: string, stored: string | null | undefined): Promise<PasswordCheck> {
  // An unreadable hash is a wrong password, not an error: the sign-in form says so and nothing else.
  if (stored && BCRYPT.test(stored))
    return { ok: await verifyBcrypt(password, stored).catch(() => false), outdated: true };
  if (!stored?.startsWith("$argon2")) {
    await verify(DUMMY_HASH, password);
    return { ok: false, outdated: false };
  }
  const ok = await verify(stored, password).catch(() => false);
  return { ok, outdated: ok && !currentParams(stored) };
}

function currentParams(stored: string): boolean {
  const p = parseOptions(stored);
  return (
    p.algorithm === ARGON2_PARAMS.algorithm &&
    p.memoryCost === ARGON2_PARAMS.memoryCost &&
    p.timeCost === ARGON2_PARAMS.timeCost &&
    p.parallelism === ARGON2_PARAMS.parallelism
  );
}

/**
 * The keys every instance must share (docs/health.md, Shared keys). When instances share a store or Redis
 * (DATABASE_URL or REDIS_URL), a session one instance signed must open on another, a secret one sealed must unseal
 * on another, and a form one rendered must post to another: NEXTAUTH_SECRET and PORTAL_SECRET_KEY must come from the
 * environment (a key generated into a file, as demo mode does, would differ on each instance), and the build must
 * have been made with NEXT_SERVER_ACTIONS_ENCRYPTION_KEY (without it each build has a key of its own). A single
 * server on SQLite keeps what it had: demo mode may generate its keys.
 */
import { createHmac } from "node:crypto";
import type { Env } from "./env";

export const SHARED_KEYS = ["NEXTAUTH_SECRET", "PORTAL_SECRET_KEY", "NEXT_SERVER_ACTIONS_ENCRYPTION_KEY"] as const;
export type SharedKey = (typeof SHARED_KEYS)[number];

/** Whether this instance may be one of many: it shares its store (PostgreSQL) or Redis with others. */
export const sharesState = (e: Env): boolean => Boolean(e.DATABASE_URL || e.REDIS_URL);

/**
 * A key's fingerprint: HMAC-SHA256 under the key of a fixed label naming it. Equal keys give equal fingerprints, and
 * nothing of the key can be learnt from one. next.config.ts computes the build's actions key's alike (a test checks).
 */
export function keyFingerprint(name: SharedKey, key: string | Buffer): string {
  return createHmac("sha256", key).update(`study-portal instance key: ${name}`).digest("hex");
}

/** The fingerprint of the NEXT_SERVER_ACTIONS_ENCRYPTION_KEY this build was made with; "" for none. */
export function buildActionsKeyFingerprint(): string {
  // Spelled out, not read through env(): Next.js puts the value next.config.ts gave it here at build time.
  return process.env.STUDY_PORTAL_ACTIONS_KEY_FINGERPRINT ?? "";
}

const GENERATE = "`openssl rand -base64 32`";

/** Why these settings cannot run as one of many instances, one line per variable named; empty when they can. */
export function sharedKeyProblems(e: Env, buildActionsKey = buildActionsKeyFingerprint()): string[] {
  if (!sharesState(e)) return [];
  const problems: string[] = [];
  if (!e.NEXTAUTH_SECRET)
    problems.push(`NEXTAUTH_SECRET is not set in the environment (at least 32 characters: ${GENERATE}).`);
  if (!e.PORTAL_SECRET_KEY)
    problems.push(`PORTAL_SECRET_KEY is not set in the environment (base64 of 32 random bytes: ${GENERATE}).`);
  // `next dev` compiles as it goes: there is no build to share.
  if (e.NODE_ENV !== "production") return problems;
  const runKey = e.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY;
  if (!buildActionsKey)
    problems.push(
      `NEXT_SERVER_ACTIONS_ENCRYPTION_KEY was not set when this build was made: set it (${GENERATE}) for ` +
        "`npm run build`, and build every instance's server with the same key.",
    );
  else if (runKey && keyFingerprint("NEXT_SERVER_ACTIONS_ENCRYPTION_KEY", runKey) !== buildActionsKey)
    problems.push(
      "NEXT_SERVER_ACTIONS_ENCRYPTION_KEY differs from the key this build was made with: give the server the " +
        "build's key, or leave it unset when the server runs.",
    );
  return problems;
}

/** The start's error for sharedKeyProblems. */
export function sharedKeysError(problems: string[]): Error {
  const list = problems.map((p) => `  - ${p}`).join("\n");
  return new Error(
    "Study Portal cannot start: instances that share a store or Redis (DATABASE_URL or REDIS_URL) must be given " +
      `the same keys, each from the environment:\n${list}\nSee docs/health.md, Shared keys.`,
  );
}

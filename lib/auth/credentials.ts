/**
 * The email-and-password provider and its defences: failed attempts make
 * later ones for the same email or from the same source wait, and a source
 * with too many is refused (sign-in-throttle.ts), counted across instances
 * when they share Redis (docs/coordination.md); password checks, which run
 * on libuv's thread pool, are capped in number (password-check-limiter.ts).
 * A refusal is an error code the form puts in words (sign-in-messages.ts).
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { RequestInternal } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import type { SignInFailure } from "@/lib/audit/audit-events";
import type { RefusalSampler } from "@/lib/audit/refusal-sampler";
import type { Env } from "@/lib/config/env";
import { isNotCounted } from "@/lib/coordination/limits";
import { verifyPassword } from "@/lib/db/users";
import { clientAddress, sourceKey } from "@/lib/http/client-address";
import { processSingleton } from "@/lib/runtime/process-singleton";
import type { Store } from "@/lib/store/store";
import { PasswordCheckLimiter, SIGN_IN_BUSY } from "./password-check-limiter";
import { sharedSignInThrottle } from "./shared-sign-in-throttle";
import { passwordFailureReason, recordSignIn, recordSignInFailure, type SignInFailureFacts } from "./sign-in-audit";
import { type Attempt, SIGN_IN_UNCOUNTED, type SignInThrottle, TOO_MANY_FROM_ADDRESS } from "./sign-in-throttle";

export interface CredentialsDeps {
  /** The portal store (lib/store/portal-store.ts in the server). */
  store: () => Promise<Store>;
  throttle?: SignInThrottle;
  limiter?: PasswordCheckLimiter;
  /** How an attempt waits out its delay; a timer by default, a fake in tests. */
  wait?: (ms: number) => Promise<unknown>;
  /** Which cheap refusals get an audit entry (lib/audit/refusal-sampler.ts); the process's by default. */
  sampler?: RefusalSampler<SignInFailureFacts>;
}

declare module "next-auth" {
  interface User {
    /** The account's session epoch as read with its password hash (credentials sign-in only). */
    sessionEpoch?: number;
  }
}

const credentialsSchema = z.object({ email: z.string().trim().min(1).max(254), password: z.string().min(1).max(200) });

type RequestHeaders = Record<string, string | string[] | undefined>;

/** The address a sign-in request came from, from the headers next-auth passes on (a plain object). */
function requestAddress(e: Env, req: Pick<RequestInternal, "headers"> | undefined): string {
  const headers = new Headers();
  for (const [name, value] of Object.entries((req?.headers ?? {}) as RequestHeaders)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return clientAddress(headers, e.TRUSTED_PROXY_HOPS);
}

/** The error code of a sign-in that failed for a reason of the server's own (its words stay in the server log). */
export const SIGN_IN_FAILED = "SignInFailed";

/**
 * The store, whose unexpected failures (a database that cannot be reached...) become one generic code: next-auth
 * would put a thrown error's message into the /signin URL.
 */
async function storeOrFail(deps: CredentialsDeps): Promise<Store> {
  try {
    return await deps.store();
  } catch (err) {
    console.error("auth: the portal store could not be opened:", err instanceof Error ? err.message : "unknown");
    throw new Error(SIGN_IN_FAILED);
  }
}

/** verifyPassword, whose unexpected failures (a database error...) become the generic code too. */
async function checkPassword(store: Store, email: string, password: string) {
  try {
    return await verifyPassword(store, email, password);
  } catch (err) {
    console.error("auth: the password check failed:", err instanceof Error ? err.message : "unknown");
    throw new Error(SIGN_IN_FAILED);
  }
}

/**
 * The throttle's answer for an attempt; when Redis does not answer, the refusal's code (not counted, not compared:
 * docs/coordination.md), and for any other failure the generic one.
 */
async function attemptOrCode(throttle: SignInThrottle, email: string, address: string): Promise<Attempt> {
  try {
    return await throttle.attempt(email, address);
  } catch (err) {
    if (isNotCounted(err)) return { refused: SIGN_IN_UNCOUNTED };
    console.error("auth: the sign-in throttle failed:", err instanceof Error ? err.message : "unknown");
    return { refused: SIGN_IN_FAILED };
  }
}

/**
 * Takes back or forgets what the attempt counted. A failure is only logged: the attempt was answered, and what
 * stays counted expires with its window (docs/coordination.md).
 */
async function uncount(what: () => Promise<void>): Promise<void> {
  await what().catch((err: unknown) =>
    console.error("auth: a sign-in's count could not be corrected:", err instanceof Error ? err.message : "unknown"),
  );
}

async function recordOrFail(record: () => Promise<void>): Promise<void> {
  try {
    await record();
  } catch (err) {
    console.error("audit: a sign-in could not be recorded:", err instanceof Error ? err.message : "unknown");
    throw new Error(SIGN_IN_FAILED);
  }
}

export function credentialsProvider(e: Env, deps: CredentialsDeps) {
  const throttle = () => deps.throttle ?? sharedSignInThrottle(e.SIGN_IN_MAX_FAILURES_PER_ADDRESS);
  const limiter = () => deps.limiter ?? processSingleton("passwordCheckLimiter", () => new PasswordCheckLimiter());
  return CredentialsProvider({
    id: "credentials",
    name: "Email and password",
    credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
    async authorize(input, req) {
      const store = await storeOrFail(deps);
      const seen = requestAddress(e, req);
      // The source as the limits count it: an IPv6 address by its /64, so that one subscriber cannot take a fresh
      // allowance with each of its addresses.
      const address = sourceKey(seen);
      const parsed = credentialsSchema.safeParse(input);
      const email = parsed.data?.email.toLowerCase();
      const fail = async (reason: SignInFailure): Promise<null> => {
        const facts = { method: "password" as const, reason, email, address: seen, source: address };
        await recordSignInFailure(store, facts, deps.sampler);
        return null;
      };
      const refuse = async (reason: SignInFailure, code: string): Promise<never> => {
        await fail(reason);
        throw new Error(code);
      };
      if (!parsed.success || email === undefined) return fail("invalid_input");
      // Counted before the wait and the compare (the source's check and count in one step), so that guesses sent
      // side by side cannot all pass the check, and each waits longer than the one before.
      const attempt = await attemptOrCode(throttle(), email, address);
      if ("refused" in attempt)
        return refuse(
          attempt.refused === TOO_MANY_FROM_ADDRESS ? "throttled_address" : "server_error",
          attempt.refused,
        );
      if (attempt.delay > 0) await (deps.wait ?? sleep)(attempt.delay);
      const busy = async (): Promise<never> => {
        await uncount(() => throttle().takeBack(email, address));
        return refuse("busy", SIGN_IN_BUSY);
      };
      const release = await (limiter().enter() ?? busy());
      try {
        const user = await checkPassword(store, email, parsed.data.password).catch(() =>
          refuse("server_error", SIGN_IN_FAILED),
        );
        if (!user) return fail(await passwordFailureReason(store, email));
        await uncount(() => throttle().succeed(email, address));
        // No sign-in without its entry: a trail that cannot be written refuses the sign-in (the generic code).
        await recordOrFail(() => recordSignIn(store, user.id, "password", seen));
        return { id: String(user.id), email: user.email, name: user.name, sessionEpoch: user.sessionEpoch };
      } finally {
        release();
      }
    },
  });
}

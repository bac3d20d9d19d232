/**
 * next-auth configuration: email and password against the portal's users
 * table, optionally OpenID Connect, and JWT sessions that end after 30 idle
 * minutes or 12 hours (lib/auth/session-lifetime.ts). The session cookie is
 * re-issued by every GET /api/auth/session (components/auth/SessionKeepAlive
 * calls it on activity), which moves the idle deadline; the sign-in time in
 * the token never moves. Signing out lists the session as ended on the
 * server (lib/auth/sign-out.ts), so a copy of the cookie stops working too.
 */
import { randomUUID } from "node:crypto";
import type { Account, AuthOptions, User as AuthUser, LoggerInstance, Session } from "next-auth";
import type { JWT } from "next-auth/jwt";
import { z } from "zod";
import { requestAddress } from "@/lib/audit/request-address";
import { type Env, env } from "@/lib/config/env";
import { portalKeys } from "@/lib/crypto/portal-keys";
import { sessionHasEnded } from "@/lib/db/ended-sessions";
import { findUser, findUserByOidcSubject, type User } from "@/lib/db/users";
import { processSingleton } from "@/lib/runtime/process-singleton";
import { portalStore } from "@/lib/store/portal-store";
import { type CredentialsDeps, credentialsProvider } from "./credentials";
import { OIDC_PROVIDER_ID, oidcProvider } from "./oidc";
import { type Admission, admissionOf } from "./oidc-admission";
import { oidcSignIn } from "./oidc-sign-in";
import { recordSessionEnded, type ServerEnd } from "./session-end-audit";
import { IDLE_TIMEOUT_SECONDS, nowSeconds, sessionState } from "./session-lifetime";
import { endSession } from "./sign-out";

export interface AuthDeps extends CredentialsDeps {
  now?: () => number;
}

/** What the session token carries besides next-auth's own claims. */
const tokenSchema = z.looseObject({
  uid: z.number().int().positive(),
  authTime: z.number(),
  epoch: z.number().int().nonnegative(),
  /** This session's ID, the same through every refresh (next-auth's own `jti` changes with each). */
  sid: z.uuid(),
  iat: z.number().optional(),
});

/** Thrown from the jwt callback: next-auth then drops the session cookie. */
class SessionEnded extends Error {}

// Session ends are expected; next-auth's own messages may quote request data, so only codes are logged.
const logger: LoggerInstance = {
  error: (code) => {
    if (code !== "JWT_SESSION_ERROR") console.error(`auth: ${code}`);
  },
  warn: (code) => console.warn(`auth: warning ${code}`),
  debug: () => {},
};

const nowOf = (deps: AuthDeps) => nowSeconds(deps.now?.());

/** The enabled account a fresh sign-in belongs to. */
async function signedInUser(
  deps: AuthDeps,
  provider: string,
  userId: string,
  providerAccountId: string,
): Promise<User | undefined> {
  const store = await deps.store();
  const user =
    provider === OIDC_PROVIDER_ID
      ? await findUserByOidcSubject(store, providerAccountId)
      : await findUser(store, Number(userId));
  return user && !user.disabled ? user : undefined;
}

/** At sign-in: who, when, and the session epoch. */
async function issueToken(deps: AuthDeps, user: AuthUser, account: Account): Promise<JWT> {
  const dbUser = await signedInUser(deps, account.provider, user.id, account.providerAccountId);
  if (!dbUser) throw new SessionEnded("no enabled account");
  // The epoch read with the password hash: a reset while the hash was being compared still ends this session.
  const epoch = user.sessionEpoch ?? dbUser.sessionEpoch;
  return {
    sub: String(dbUser.id),
    uid: dbUser.id,
    email: dbUser.email,
    name: dbUser.name,
    authTime: nowOf(deps),
    epoch,
    sid: randomUUID(),
  };
}

type TokenClaims = z.infer<typeof tokenSchema>;

/** Why this session is over now (undefined while it stands): both limits, the account, its epoch, a sign-out. */
async function endOf(deps: AuthDeps, t: TokenClaims): Promise<ServerEnd | "signed_out" | undefined> {
  if (sessionState({ authTime: t.authTime, lastSeen: t.iat ?? nowOf(deps) }, nowOf(deps)) !== "active")
    return "lifetime";
  const store = await deps.store();
  const user = await findUser(store, t.uid);
  if (!user) return "account_missing";
  if (user.disabled) return "account_disabled";
  if (user.sessionEpoch !== t.epoch) return "sessions_ended";
  if (await sessionHasEnded(store, t.sid)) return "signed_out";
  return undefined;
}

/** On every later read (each getServerSession): the token, or SessionEnded (recorded, unless signed out). */
async function checkToken(deps: AuthDeps, token: JWT): Promise<JWT> {
  const t = tokenSchema.safeParse(token);
  if (!t.success) throw new SessionEnded("malformed token");
  const end = await endOf(deps, t.data);
  if (end === undefined) return token;
  // A sign-out has its entry already (sign-out.ts); a copy of its cookie coming back is refused, not recorded.
  if (end !== "signed_out") await recordSessionEnded(await deps.store(), t.data, end);
  throw new SessionEnded(end);
}

function callbacks(deps: AuthDeps, admission: Admission): AuthOptions["callbacks"] {
  return {
    /** Single sign-on admits as the allow-lists say and creates (or finds) the account; a disabled one may not. */
    async signIn({ account, profile }) {
      return account?.provider === OIDC_PROVIDER_ID ? oidcSignIn(await deps.store(), profile, admission) : true;
    },
    /** At sign-in a new token (issueToken); on every later read the checked one (checkToken). */
    async jwt({ token, user, account }): Promise<JWT> {
      return user && account ? issueToken(deps, user, account) : checkToken(deps, token);
    },
    /** What getServerSession and /api/auth/session return: IDs, times, the session epoch and ID, nothing secret. */
    async session({ session, token }) {
      const t = tokenSchema.parse(token);
      const body = {
        expires: session.expires,
        user: { id: t.uid, email: token.email, name: token.name },
        authTime: t.authTime,
        lastSeen: t.iat ?? nowOf(deps),
        epoch: t.epoch,
        sid: t.sid,
      };
      return body as unknown as Session;
    },
  };
}

export function buildAuthOptions(e: Env, secret: string, deps: AuthDeps): AuthOptions {
  const oidc = oidcProvider(e);
  const credentials = credentialsProvider(e, deps);
  return {
    secret,
    providers: oidc ? [credentials, oidc] : [credentials],
    // The cookie and the token it holds last the idle timeout; each refresh re-issues both.
    session: { strategy: "jwt", maxAge: IDLE_TIMEOUT_SECONDS },
    jwt: { maxAge: IDLE_TIMEOUT_SECONDS },
    pages: { signIn: "/signin", error: "/signin" },
    logger,
    callbacks: callbacks(deps, admissionOf(e)),
    // Sign-out ends the session on the server too: a copy of the cookie is refused from then on.
    events: {
      signOut: async ({ token }) => endSession(await deps.store(), token, nowOf(deps), await requestAddress()),
    },
  };
}

/** The server's options, built on first use: never at import, so `next build` needs no secrets. */
export function authOptions(): AuthOptions {
  return processSingleton("authOptions", () =>
    buildAuthOptions(env(), portalKeys().authSecret, { store: portalStore }),
  );
}

/**
 * The one reader of process.env: every setting is validated here once, so a
 * typo in a deployment fails at start-up with a message instead of at the
 * first request.
 */
import { dirname, join } from "node:path";
import { z } from "zod";
import { withoutTrailingSlash } from "@/lib/http/url";

const rate = z.coerce.number().min(0).max(1);
const bool = z.enum(["0", "1", "true", "false"]).transform((v) => v === "1" || v === "true");
/** Comma-separated names, blanks dropped. */
const nameList = z.string().transform((text) =>
  text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
);

/**
 * An http(s) origin (scheme, host and port; a trailing slash is tolerated), or an origin and a path prefix, spelled
 * as the URL parser spells it (`..` resolved) and ending in one slash; nothing else (lib/connections/allowlist.ts).
 */
function allowlistEntryOf(text: string): string | undefined {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  const bare =
    url &&
    /^https?:$/.test(url.protocol) &&
    !url.username &&
    !url.password &&
    !url.search &&
    !url.hash &&
    !/%(?:2f|5c)/i.test(url.pathname);
  if (!bare) return undefined;
  return url.pathname === "/" ? url.origin : `${url.origin}${url.pathname.replace(/\/*$/, "/")}`;
}

/** Comma-separated entries, spelled as URL.origin spells an origin so that the list shows them as they are checked. */
const originList = z.string().transform((text, ctx) => {
  const items = text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = items.filter((item) => allowlistEntryOf(item) === undefined);
  if (bad.length || !items.length) {
    const named = bad.map((b) => JSON.stringify(b)).join(", ");
    const what = bad.length ? `not an origin or an origin and path: ${named}` : "no origin given";
    ctx.addIssue({
      code: "custom",
      message:
        `${what}; list origins (scheme, host and port), each with a path if only that path may be reached, ` +
        "separated by commas, e.g. https://partner.example.org/api/,http://127.0.0.1:3000",
    });
    return z.NEVER;
  }
  return [...new Set(items.map((item) => allowlistEntryOf(item)!))];
});

const schema = z.object({
  /** Set by Next.js: "development" under `next dev`, "production" under the production server (server/serve.mjs). */
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PUBLIC_BASE_URL: z.url().optional(),
  PARTNER_DB_PATH: z.string().min(1).default("data/partner-service.db"),
  PARTNER_STRUCTURE_BASE: z.url().default("https://partner.studyportal.example/fhir/StructureDefinition"),
  PARTNER_CTC_BASE: z.url().default("https://partner.studyportal.example/fhir/ctcae"),
  PARTNER_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  PARTNER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(6000),
  /** Failed token requests per source address and client ID: a burst of this many, refilled at this many per minute. */
  PARTNER_TOKEN_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Failed token requests per source address under client IDs the registry does not know, likewise: a looser cap. */
  PARTNER_TOKEN_FAILURES_PER_SOURCE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /** Data requests of one client in flight at once (partner-service/in-flight.ts); 0: no limit. */
  PARTNER_IN_FLIGHT_PER_CLIENT: z.coerce.number().int().min(0).max(10_000).default(32),
  /** Rows one client may be served per minute, a minute's worth at once; 0: no budget. */
  PARTNER_ROWS_PER_MINUTE: z.coerce.number().int().min(0).default(4_000_000),
  PARTNER_FAULT_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  PARTNER_FAULT_429_RATE: rate.default(0),
  PARTNER_FAULT_503_RATE: rate.default(0),
  PARTNER_FAULT_DROP_RATE: rate.default(0),
  PARTNER_FAULT_SEED: z.coerce.number().int().optional(),
  /** Injected faults spare the token endpoint: a partner that limits its data requests and still signs clients in. */
  PARTNER_FAULT_DATA_ONLY: bool.default(false),
  /** Create the demo database when missing; unset, it follows DEMO_MODE (see withDefaults). */
  PARTNER_DEMO_DATA: bool.optional(),
  DEMO_SEED: z.coerce.number().int().default(20240601),
  DEMO_SUBJECTS: z.coerce.number().int().min(1).max(100_000).default(40),
  DEMO_VISITS: z.coerce.number().int().min(2).max(200).default(8),
  /** The demo data's deliberate imperfections (docs/partner-service.md); 0 creates data that follows every rule. */
  DEMO_IMPERFECTIONS: bool.default(true),

  // The portal.
  DEMO_MODE: bool.default(false),
  PORTAL_DB_PATH: z.string().min(1).default("data/portal.db"),
  /** The portal store in PostgreSQL instead of the SQLite file at PORTAL_DB_PATH (docs/store.md). */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, "DATABASE_URL is a postgres:// (or postgresql://) connection URL")
    .optional(),
  /**
   * Coordination between instances in Redis (docs/deployment.md): shared rate limits and throttles, one study load
   * at a time across instances, the export queue. Without it, each process counts and loads for itself.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, "REDIS_URL is a redis:// (or rediss://) connection URL")
    .optional(),
  /** Where the audit trail's checkpoints are appended (lib/audit/checkpoints.ts); default beside the database. */
  AUDIT_CHECKPOINT_FILE: z.string().min(1).optional(),
  /** Base64 of 32 random bytes; encrypts partner client secrets at rest. Demo mode keeps one in PORTAL_KEY_FILE. */
  PORTAL_SECRET_KEY: z.string().optional(),
  PORTAL_KEY_FILE: z.string().min(1).default("data/portal-secret.key"),
  NEXTAUTH_SECRET: z.string().min(32, "NEXTAUTH_SECRET needs at least 32 characters").optional(),
  /** Demo mode only: where a generated NEXTAUTH_SECRET is kept when the variable is not set. */
  NEXTAUTH_SECRET_FILE: z.string().min(1).default("data/nextauth-secret.key"),
  NEXTAUTH_URL: z.url().optional(),
  /**
   * Next.js's key for server actions, read by Next.js itself at build and at run time; here only to check that a run
   * gives the build's key (lib/config/shared-keys.ts). Never logged.
   */
  NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: z.string().optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).default("Single sign-on"),
  /** Whom single sign-on admits (lib/auth/oidc-admission.ts): email domains ("*": any), and groups in the claim. */
  OIDC_ALLOWED_DOMAINS: nameList.transform((names) => names.map((n) => n.toLowerCase())).optional(),
  OIDC_ALLOWED_GROUPS: nameList.optional(),
  OIDC_GROUPS_CLAIM: z.string().min(1).default("groups"),
  /** Accounts that single sign-on creates start disabled, until an administrator enables them. */
  OIDC_NEW_ACCOUNTS_NEED_APPROVAL: bool.default(false),
  STUDY_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).default(900),
  STUDY_CACHE_MAX_MB: z.coerce.number().int().min(16).default(768),
  /** Snapshots kept per partner identity, study and record type (docs/snapshots.md, Retention); the latest always. */
  SNAPSHOTS_KEPT: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Days a snapshot is kept (the latest of each record type always). */
  SNAPSHOTS_KEPT_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  /**
   * How long a proof that credentials may read a study serves their cached reads before it is asked again
   * (0: always).
   */
  STUDY_ACCESS_RECHECK_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** The partner service the demo user's connection points at; defaults to this server's own. */
  DEMO_PARTNER_BASE_URL: z.url().optional(),
  /**
   * The only origins, or origins and paths, a partner connection may point at (the server makes requests there);
   * see partnerBaseUrlAllowlist.
   */
  PARTNER_BASE_URL_ALLOWLIST: originList.optional(),
  /** Reverse proxies in front of the server that append to X-Forwarded-For (lib/http/client-address.ts); 0: none. */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Failed sign-ins from one source address, whatever the emails, within 15 minutes before it is held off. */
  SIGN_IN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Where export files are written while they wait for their download (owner only); default beside the database. */
  EXPORT_DIR: z.string().min(1).optional(),
  /** How long a finished export file is kept for its download. */
  EXPORT_FILE_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
  /** Exports running at once: per user, and in the whole server (each takes a share of the CPU). */
  EXPORT_MAX_RUNNING_PER_USER: z.coerce.number().int().min(1).max(20).default(3),
  EXPORT_MAX_RUNNING: z.coerce.number().int().min(1).max(100).default(4),
  /** Rows an export writes a second at most, so that exports leave room for browsing; 0: no limit. */
  EXPORT_MAX_ROWS_PER_SECOND: z.coerce.number().int().min(0).default(0),
  /** Exports a user may start in any minute (each may sort a million rows). */
  EXPORT_MAX_STARTS_PER_MINUTE: z.coerce.number().int().min(1).max(1000).default(10),
  /** Bytes of export files kept and being written, in MiB: in all, and per user (docs/exports.md, Limits). */
  EXPORT_MAX_MB: z.coerce.number().int().min(1).default(4096),
  EXPORT_MAX_MB_PER_USER: z.coerce.number().int().min(1).default(1024),
});

/** Settings whose default depends on another setting. */
function withDefaults(e: z.infer<typeof schema>) {
  return {
    ...e,
    // The demo partners' secrets are published: their database is created by default only in demo mode.
    PARTNER_DEMO_DATA: e.PARTNER_DEMO_DATA ?? e.DEMO_MODE,
    // Under the portal's data directory, where its database is.
    EXPORT_DIR: e.EXPORT_DIR ?? join(dirname(e.PORTAL_DB_PATH), "exports"),
    AUDIT_CHECKPOINT_FILE: e.AUDIT_CHECKPOINT_FILE ?? `${e.PORTAL_DB_PATH}.audit-checkpoints.jsonl`,
  };
}

export type Env = ReturnType<typeof withDefaults>;

/** Parses an environment (process.env by default) and explains every invalid setting. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return withDefaults(result.data);
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

/** Whether browsers reach the portal over https (NEXTAUTH_URL, its public address): then HSTS is sent. */
export const servedOverHttps = (e: Env = env()) => e.NEXTAUTH_URL?.startsWith("https://") ?? false;

/** The address partners use to reach this service; links and fullUrls are built from it, never from the Host header. */
export function publicBaseUrl(e: Env = env()): string {
  return withoutTrailingSlash(e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`);
}

/** The partner service the demo user's connection points at: DEMO_PARTNER_BASE_URL, or this server's own. */
export function demoPartnerBaseUrl(e: Env = env()): string {
  return e.DEMO_PARTNER_BASE_URL ? withoutTrailingSlash(e.DEMO_PARTNER_BASE_URL) : publicBaseUrl(e);
}

/**
 * The origins partner connections may point at: PARTNER_BASE_URL_ALLOWLIST, or
 * by default this server's own partner service (and in demo mode the demo
 * connection's), so that no user can make the server request other addresses.
 */
export function partnerBaseUrlAllowlist(e: Env = env()): string[] {
  const defaults = [publicBaseUrl(e), ...(e.DEMO_MODE ? [demoPartnerBaseUrl(e)] : [])];
  return e.PARTNER_BASE_URL_ALLOWLIST ?? [...new Set(defaults.map((u) => new URL(u).origin))];
}

/**
 * The one place that words failures for a user: what happened, and what the
 * user can do about it. Errors carry facts (lib/partner-client/errors.ts,
 * lib/connections/failure.ts); the study page and the "Test connection"
 * report both read their sentences here. Pure: safe in client components.
 */
import { ALLOWLIST_VARIABLE } from "@/lib/connections/allowlist";
import type { Failure } from "@/lib/connections/failure";
import type { MalformedExpectation, PartnerRequest } from "@/lib/partner-client/errors";

export interface ErrorAdvice {
  title: string;
  detail: string;
  /** The fix is in the connection's settings. */
  settings: boolean;
  /** Trying again (Refresh) may help. */
  retry: boolean;
}

export interface AdviceContext {
  /** The connection's partner ID, named when a study is not granted. */
  partnerId: string;
  /** How the user tries again where the advice is shown; "press Refresh" on the study page. */
  again?: string;
}

/** How long to wait, in words: "1 second", "30 seconds", or "a minute" when the service did not say. */
export const waitFor = (seconds: number | undefined) =>
  seconds === undefined ? "a minute" : `${seconds} second${seconds === 1 ? "" : "s"}`;

const times = (attempts: number) => (attempts === 1 ? "once" : `${attempts} times`);

/** The request in words: "the token request", "the Patient records of study ONC-101". */
const asked = (r: PartnerRequest) =>
  r.what === "token" ? "the token request" : `the ${r.what} records${r.study ? ` of study ${r.study}` : ""}`;

const ANSWERED_WITH: Record<MalformedExpectation, string> = {
  json: "something that is not JSON",
  bundle: "something that is not a search result (a FHIR Bundle)",
  token: "a token response without an access token",
};

const SUPPORT = "If this persists, tell the partner service's support.";

function advice(title: string, detail: string, fix: { settings?: boolean; retry?: boolean }): ErrorAdvice {
  return { title, detail, settings: fix.settings ?? false, retry: fix.retry ?? false };
}

type Kind = Failure["kind"];
// An intersection, not Extract: several kinds share one member of the union (the HTTP status failures).
type Words<K extends Kind> = (failure: Failure & { kind: K }, ctx: AdviceContext, again: string) => ErrorAdvice;
type WordsOf<K extends Kind> = { [P in K]: Words<P> };

/** A stored connection that cannot be used, or an error of the portal's own. */
const CONNECTION_WORDS = {
  "secret-unreadable": () =>
    advice(
      "The stored client secret cannot be read",
      "This connection's client secret was stored under another encryption key (the portal's key has changed). " +
        "Edit the connection in Settings and enter the client secret again.",
      { settings: true },
    ),
  // The list comes with the facts for an administrator only (lib/connections/failure.ts).
  "not-allowed": (failure) =>
    advice(
      "This connection's address is not allowed",
      failure.allowed
        ? `This connection's base URL (${failure.baseUrl}) is not a partner service this portal may connect to ` +
            `(${failure.allowed.join(", ")}). Change the base URL in Settings, or ask an administrator to add ` +
            `its address to ${ALLOWLIST_VARIABLE}.`
        : `This connection's base URL (${failure.baseUrl}) is not on the portal's list of partner services. ` +
            "Change the base URL in Settings, or ask your administrator.",
      { settings: true },
    ),
  unexpected: (_failure, _ctx, again) =>
    advice(
      "Something went wrong in the portal",
      `An unexpected error in the portal stopped this. Wait a moment, then ${again}; ` +
        "if it persists, tell an administrator.",
      { retry: true },
    ),
} satisfies WordsOf<"secret-unreadable" | "not-allowed" | "unexpected">;

/** The partner service would not let this connection in, or is not at its address. */
const ACCESS_WORDS = {
  authentication: () =>
    advice(
      "Sign-in to the partner service failed",
      "The partner service rejected this connection's client ID or secret. Check them in Settings.",
      { settings: true },
    ),
  forbidden: (failure, ctx) =>
    advice(
      "No access to this study",
      `The partner service does not grant partner ${ctx.partnerId} access to study ${failure.request.study}. ` +
        "Ask the sponsor to grant the study, or check the study number and partner ID in Settings.",
      { settings: true },
    ),
  "not-found": (failure) =>
    advice(
      "The partner service address is wrong",
      `The partner service has no data at this connection's address (HTTP ${failure.status} for ` +
        `${asked(failure.request)}). Check the base URL in Settings.`,
      { settings: true },
    ),
  redirected: (failure) =>
    advice(
      "The partner service address is wrong",
      `The partner service redirected ${asked(failure.request)} to another address (HTTP ${failure.status}); ` +
        "the portal does not follow redirects. Check the base URL in Settings (https:// rather than http://?).",
      { settings: true },
    ),
} satisfies WordsOf<"authentication" | "forbidden" | "not-found" | "redirected">;

/** The partner service is busy, down or out of reach: waiting may help. */
const AVAILABILITY_WORDS = {
  "rate-limited": (failure, _ctx, again) =>
    advice(
      "The partner service is busy",
      `The partner service is limiting requests. Wait ${waitFor(failure.retryAfterSeconds)}, then ${again}.`,
      { retry: true },
    ),
  unavailable: (failure, _ctx, again) =>
    advice(
      "The partner service is unavailable",
      `The partner service is unavailable (it answered HTTP ${failure.status}, asked ${times(failure.attempts)}). ` +
        `Wait a few minutes, then ${again}.`,
      { retry: true },
    ),
  unreachable: (failure, _ctx, again) =>
    advice(
      "The partner service is unavailable",
      `The partner service could not be reached (${failure.timedOut ? "no answer in time" : "connection failed"}, ` +
        `tried ${times(failure.attempts)}). Check the base URL in Settings, or wait a few minutes, then ${again}.`,
      { settings: true, retry: true },
    ),
} satisfies WordsOf<"rate-limited" | "unavailable" | "unreachable">;

/** The partner service answered, but not with data the portal can show. */
const DATA_WORDS = {
  "bad-request": (failure) =>
    advice(
      "The partner service refused the request",
      `The partner service refused ${asked(failure.request)} (HTTP ${failure.status}). ${SUPPORT}`,
      { retry: true },
    ),
  malformed: (failure, _ctx, again) =>
    advice(
      "The partner service sent data that cannot be read",
      `The partner service answered ${asked(failure.request)} with ${ANSWERED_WITH[failure.expected]}. ` +
        `It may be a passing fault: wait a moment, then ${again}. ${SUPPORT}`,
      { retry: true },
    ),
  incomplete: (failure, _ctx, again) =>
    advice(
      "The partner service sent data that cannot be read",
      `The partner service counted ${failure.counted} ${failure.request.what} records in study ` +
        `${failure.request.study} but sent ${failure.received}. Nothing is shown rather than a partial list. ` +
        `Wait a moment, then ${again}.`,
      { retry: true },
    ),
  "foreign-link": (failure) =>
    advice(
      "The partner service sent data that cannot be read",
      `The partner service linked the next page of ${asked(failure.request)} to another address ` +
        `(${failure.origin}) than this connection's; the link is not followed. Tell the partner service's support.`,
      {},
    ),
  "too-large": (failure) =>
    advice(
      "The partner service sent data that cannot be read",
      `The partner service's answer to ${asked(failure.request)} was larger than the portal reads ` +
        `(${failure.limitBytes / 1024 / 1024} MiB); it was not read. ${SUPPORT}`,
      {},
    ),
} satisfies WordsOf<"bad-request" | "malformed" | "incomplete" | "foreign-link" | "too-large">;

/** A limit of the portal's own on what one user may ask of the partner service at a time. */
const LIMIT_WORDS = {
  "sign-ins-limited": (failure, _ctx, again) =>
    advice(
      "Too many sign-ins with unchecked connections",
      "The portal did not contact the partner service: this connection has never signed in successfully, and " +
        `you have already tried ${failure.perMinute} such sign-ins in the last minute, the most it allows. ` +
        `Check the client ID and secret in Settings, or wait ${waitFor(failure.retryAfterSeconds)}, then ${again}.`,
      { settings: true, retry: true },
    ),
  "sign-ins-not-counted": (_failure, _ctx, again) =>
    advice(
      "Sign-ins cannot be counted just now",
      "The portal did not contact the partner service: this connection has never signed in successfully, and the " +
        `server cannot count such sign-ins just now. Wait a few seconds, then ${again}.`,
      { retry: true },
    ),
  "loads-limited": (failure, _ctx, again) =>
    advice(
      "Too many loads at once",
      `You already have ${failure.maxLoads} study loads running or waiting, the most one user may have, so ` +
        `this one was not started. Wait for your other study pages to finish loading, then ${again}.`,
      { retry: true },
    ),
} satisfies WordsOf<"sign-ins-limited" | "sign-ins-not-counted" | "loads-limited">;

// Every kind of failure has its words: the type check fails when a kind is added without them.
const WORDS: WordsOf<Kind> = {
  ...CONNECTION_WORDS,
  ...ACCESS_WORDS,
  ...AVAILABILITY_WORDS,
  ...DATA_WORDS,
  ...LIMIT_WORDS,
};

/** The title, the sentences and the way out for a failure's facts. */
export function errorAdvice(failure: Failure, ctx: AdviceContext): ErrorAdvice {
  const words = WORDS[failure.kind] as Words<Kind>;
  return words(failure as never, ctx, ctx.again ?? "press Refresh");
}

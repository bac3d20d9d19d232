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

/** The title, the sentences and the way out for a failure's facts. */
export function errorAdvice(failure: Failure, ctx: AdviceContext): ErrorAdvice {
  const again = ctx.again ?? "press Refresh";
  switch (failure.kind) {
    case "secret-unreadable":
      return advice(
        "The stored client secret cannot be read",
        "This connection's client secret was stored under another encryption key (the portal's key has changed). " +
          "Edit the connection in Settings and enter the client secret again.",
        { settings: true },
      );
    case "not-allowed":
      return advice(
        "This connection's address is not allowed",
        `This connection's base URL (${failure.baseUrl}) is not a partner service this portal may connect to ` +
          `(${failure.allowed.join(", ")}). Change the base URL in Settings, or ask an administrator to add its ` +
          `address to ${ALLOWLIST_VARIABLE}.`,
        { settings: true },
      );
    case "unexpected":
      return advice(
        "Something went wrong in the portal",
        `An unexpected error in the portal stopped this. Wait a moment, then ${again}; ` +
          "if it persists, tell an administrator.",
        { retry: true },
      );
    case "authentication":
      return advice(
        "Sign-in to the partner service failed",
        "The partner service rejected this connection's client ID or secret. Check them in Settings.",
        { settings: true },
      );
    case "forbidden":
      return advice(
        "No access to this study",
        `The partner service does not grant partner ${ctx.partnerId} access to study ${failure.request.study}. ` +
          "Ask the sponsor to grant the study, or check the study number and partner ID in Settings.",
        { settings: true },
      );
    case "rate-limited":
      return advice(
        "The partner service is busy",
        `The partner service is limiting requests. Wait ${waitFor(failure.retryAfterSeconds)}, then ${again}.`,
        { retry: true },
      );
    case "unavailable":
      return advice(
        "The partner service is unavailable",
        `The partner service is unavailable (it answered HTTP ${failure.status}, asked ${times(failure.attempts)}). ` +
          `Wait a few minutes, then ${again}.`,
        { retry: true },
      );
    case "unreachable":
      return advice(
        "The partner service is unavailable",
        `The partner service could not be reached (${failure.timedOut ? "no answer in time" : "connection failed"}, ` +
          `tried ${times(failure.attempts)}). Check the base URL in Settings, or wait a few minutes, then ${again}.`,
        { settings: true, retry: true },
      );
    case "not-found":
      return advice(
        "The partner service address is wrong",
        `The partner service has no data at this connection's address (HTTP ${failure.status} for ` +
          `${asked(failure.request)}). Check the base URL in Settings.`,
        { settings: true },
      );
    case "redirected":
      return advice(
        "The partner service address is wrong",
        `The partner service redirected ${asked(failure.request)} to another address (HTTP ${failure.status}); ` +
          "the portal does not follow redirects. Check the base URL in Settings (https:// rather than http://?).",
        { settings: true },
      );
    case "bad-request":
      return advice(
        "The partner service refused the request",
        `The partner service refused ${asked(failure.request)} (HTTP ${failure.status}). ${SUPPORT}`,
        { retry: true },
      );
    case "malformed":
      return advice(
        "The partner service sent data that cannot be read",
        `The partner service answered ${asked(failure.request)} with ${ANSWERED_WITH[failure.expected]}. ` +
          `It may be a passing fault: wait a moment, then ${again}. ${SUPPORT}`,
        { retry: true },
      );
    case "incomplete":
      return advice(
        "The partner service sent data that cannot be read",
        `The partner service counted ${failure.counted} ${failure.request.what} records in study ` +
          `${failure.request.study} but sent ${failure.received}. Nothing is shown rather than a partial list. ` +
          `Wait a moment, then ${again}.`,
        { retry: true },
      );
    case "foreign-link":
      return advice(
        "The partner service sent data that cannot be read",
        `The partner service linked the next page of ${asked(failure.request)} to another address ` +
          `(${failure.origin}) than this connection's; the link is not followed. Tell the partner service's support.`,
        {},
      );
  }
}

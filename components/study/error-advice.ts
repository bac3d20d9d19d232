/**
 * What the study page says when the partner service refuses or fails: what
 * happened, and what the user can do about it. Keyed by the typed errors'
 * `kind` (lib/partner-client/errors), never by message text.
 */
import { BaseUrlNotAllowedError } from "@/lib/connections/allowlist";
import { SecretBoxError } from "@/lib/crypto/secret-box";
import { PartnerError, RateLimitedError, waitFor } from "@/lib/partner-client/errors";

export interface ErrorAdvice {
  title: string;
  detail: string;
  /** The fix is in the connection's settings. */
  settings: boolean;
  /** Trying again (Refresh) may help. */
  retry: boolean;
}

export function errorAdvice(error: unknown, ctx: { study: string; partnerId: string }): ErrorAdvice | undefined {
  if (error instanceof SecretBoxError) {
    return {
      title: "The stored client secret cannot be read",
      detail:
        "This connection's client secret was stored under another encryption key. Enter the secret again in Settings.",
      settings: true,
      retry: false,
    };
  }
  if (error instanceof BaseUrlNotAllowedError) {
    return { title: "This connection's address is not allowed", detail: error.message, settings: true, retry: false };
  }
  if (!(error instanceof PartnerError)) return undefined;
  switch (error.kind) {
    case "authentication":
      return {
        title: "Sign-in to the partner service failed",
        detail: "The partner service rejected this connection's client ID or secret. Check them in Settings.",
        settings: true,
        retry: false,
      };
    case "forbidden":
      return {
        title: "No access to this study",
        detail: `The partner service does not grant partner ${ctx.partnerId} access to study ${ctx.study}. Ask the sponsor to grant the study, or check the study number and partner ID in Settings.`,
        settings: true,
        retry: false,
      };
    case "rate-limited": {
      const wait = waitFor(error instanceof RateLimitedError ? error.retryAfterSeconds : undefined);
      return {
        title: "The partner service is busy",
        detail: `The partner service is limiting requests. Wait ${wait}, then press Refresh.`,
        settings: false,
        retry: true,
      };
    }
    case "unavailable":
      return { title: "The partner service is unavailable", detail: error.message, settings: false, retry: true };
    case "not-found":
      return {
        title: "The partner service address is wrong",
        detail: "The partner service has no data at this connection's address. Check the base URL in Settings.",
        settings: true,
        retry: false,
      };
    case "invalid-data":
      return {
        title: "The partner service sent data that cannot be read",
        detail: error.message,
        settings: false,
        retry: true,
      };
    case "bad-request":
      return {
        title: "The partner service refused the request",
        detail: `${error.message} If this persists, tell the partner service's support.`,
        settings: false,
        retry: true,
      };
  }
}

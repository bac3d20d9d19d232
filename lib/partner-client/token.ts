/**
 * One access token per connection, cached until shortly before it expires.
 * Concurrent callers share one token request. A refused request (the client
 * ID or secret is wrong) is remembered for REFUSAL_KEPT_MS and answered again
 * without a request: credentials that just failed are not sent again and
 * again, which would use up the partner's allowance of failed requests for
 * the portal's whole address (docs/partner-service.md, Rate limit).
 */

import type { PartnerCredentials } from "@/partner-api/credentials";
import { TOKEN_PATH } from "@/partner-api/paths";
import { tokenResponseSchema } from "@/partner-api/resources";
import { BodyTooLargeError } from "./bounded-body";
import {
  AuthenticationError,
  errorForStatus,
  MalformedResponseError,
  type PartnerError,
  type PartnerRequest,
  parseJson,
  pathOf,
  ResponseTooLargeError,
  UnreachableError,
} from "./errors";
import {
  type Attempt,
  isRetryableTokenStatus,
  isTimeout,
  type RetryPolicy,
  retryAfterSeconds,
  withRetries,
} from "./retry";

/** The error for a request whose retries ran out or were cut short, by what the last attempt saw. */
export function exhausted(last: Attempt & { final: false }, request: PartnerRequest): PartnerError {
  const { response, attempts } = last;
  if (last.error instanceof BodyTooLargeError) return new ResponseTooLargeError(request, last.error.limitBytes);
  if (response)
    return errorForStatus(request, {
      status: response.status,
      attempts,
      retryAfterSeconds: retryAfterSeconds(response.headers.get("retry-after")),
    });
  return new UnreachableError(request, isTimeout(last.error), attempts);
}

/** What a client needs of a token source: a token, and a way to say that the service refused one. */
export interface TokenProvider {
  get(): Promise<string>;
  invalidate(token: string): void;
}

/** How long a refused token request is answered from memory. */
export const REFUSAL_KEPT_MS = 30_000;

export class TokenSource implements TokenProvider {
  private current?: { token: string; refreshAt: number };
  private pending?: Promise<string>;
  private refused?: { error: AuthenticationError; until: number };
  /** Whether this source has obtained a token: its credentials are proven (retry.ts, isRetryableTokenStatus). */
  private issued = false;

  /** `provenElsewhere`: whether these credentials obtained a token before this source existed (the caller knows). */
  constructor(
    private readonly creds: PartnerCredentials,
    private readonly fetchImpl: typeof fetch,
    private readonly retry: RetryPolicy,
    private readonly now: () => number = Date.now,
    private readonly provenElsewhere: () => boolean = () => false,
  ) {}

  async get(): Promise<string> {
    if (this.held()) return this.current!.token;
    if (this.refused && this.now() < this.refused.until) throw this.refused.error;
    this.pending ??= this.request().finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** Whether a token is held that is not yet due for refresh: these credentials have proven themselves lately. */
  held(): boolean {
    return this.current !== undefined && this.now() < this.current.refreshAt;
  }

  /** Whether get() now would send a token request: no token held, none asked for, no refusal remembered. */
  wouldRequest(): boolean {
    return !this.held() && this.pending === undefined && !(this.refused && this.now() < this.refused.until);
  }

  /** Forgets a token the service refused, so the next get() asks for a new one. */
  invalidate(token: string): void {
    if (this.current?.token === token) this.current = undefined;
  }

  private async request(): Promise<string> {
    const body = new URLSearchParams({
      client_id: this.creds.clientId,
      client_secret: this.creds.clientSecret,
      grant_type: "client_credentials",
      scope: "full",
    });
    const url = `${this.creds.baseUrl}${TOKEN_PATH}`;
    const asked: PartnerRequest = { what: "token", path: pathOf(url) };
    const attempt = await withRetries(
      (signal) =>
        this.fetchImpl(url, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
          body,
          signal,
          redirect: "manual",
        }),
      this.retry,
      undefined,
      isRetryableTokenStatus(this.issued || this.provenElsewhere()),
    );
    if (!attempt.final) throw exhausted(attempt, asked);
    const { status } = attempt.response;
    // RFC 6749 answers a refused client with 400 (invalid_client, invalid_grant) or 401.
    if (status === 400 || status === 401) {
      const error = new AuthenticationError(asked, status, attempt.attempts);
      this.refused = { error, until: this.now() + REFUSAL_KEPT_MS };
      throw error;
    }
    if (status !== 200) {
      const retryAfter = retryAfterSeconds(attempt.response.headers.get("retry-after"));
      throw errorForStatus(asked, { status, attempts: attempt.attempts, retryAfterSeconds: retryAfter });
    }
    const token = tokenResponseSchema.safeParse(parseJson(attempt.text, asked));
    if (!token.success) throw new MalformedResponseError(asked, "token");
    const lifetimeMs = (token.data.expires_in ?? 3600) * 1000;
    this.issued = true;
    // Refresh a little early so that a token never expires between the check and the request.
    this.current = {
      token: token.data.access_token,
      refreshAt: this.now() + lifetimeMs - Math.min(60_000, lifetimeMs / 10),
    };
    return token.data.access_token;
  }
}

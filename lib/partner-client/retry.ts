/**
 * Requests with bounded, jittered exponential backoff. Only what may succeed
 * on a second try is retried: 408, 429, 5xx and network failures; but not a
 * 429 to the token request of credentials never proven, nor a body over the
 * size limit (./bounded-body.ts). A server's Retry-After is honoured up to a
 * cap so that a client never hangs.
 */
import { BodyTooLargeError, readBounded } from "./bounded-body";

export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  timeoutMs: number;
  /** A Retry-After longer than this ends the retries instead of waiting. */
  maxRetryAfterMs: number;
  /** Attempts that may end in a time-out before the request is given up; unset, every attempt may. */
  maxTimeouts?: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  attempts: 5,
  baseDelayMs: 200,
  maxDelayMs: 5_000,
  timeoutMs: 30_000,
  maxRetryAfterMs: 30_000,
  // A service silent for 30 s is asked once more, not four times: staff read the error in about a minute, not 2.5.
  maxTimeouts: 2,
};

/** Which answers are asked again: a rule a line. */
export const isRetryableStatus = (status: number) =>
  // The server gave up waiting for the request: a second one may arrive in time.
  status === 408 ||
  // Rate-limited: asked again after the wait the server names (Retry-After).
  status === 429 ||
  // A server error may pass.
  status >= 500;

/**
 * The token request's rule, given whether these credentials have ever obtained a token. A 429 to credentials never
 * proven is final: most likely a made-up client ID or secret, whose every retry would spend more of the partner's
 * allowance of failed token requests for the portal's one address, which all its users share
 * (docs/partner-service.md, Rate limit).
 */
export const isRetryableTokenStatus = (proven: boolean) => (status: number) =>
  status === 429 ? proven : isRetryableStatus(status);

/** Retry-After in milliseconds, from seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Retry-After in whole seconds (rounded up), for messages; undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null): number | undefined {
  const ms = retryAfterMs(header);
  return ms === undefined ? undefined : Math.ceil(ms / 1000);
}

/** Full jitter: a random delay up to the exponential ceiling, so that many clients do not retry in step. */
export function backoffMs(attempt: number, policy: RetryPolicy, random = Math.random): number {
  return Math.round(random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt));
}

/** Waits `ms`; an abort ends the wait at once with the signal's reason. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", stop);
      resolve();
    }, ms);
    signal?.addEventListener("abort", stop, { once: true });
  });
}

/** An attempt ended by its own time-out (fetch rejects with the timeout signal's reason, a TimeoutError). */
export const isTimeout = (error: unknown) => error instanceof Error && error.name === "TimeoutError";

/** The last try's outcome; `attempts` counts the tries made, for the error's facts. */
export type Attempt =
  | { final: true; response: Response; text: string; attempts: number }
  | { final: false; response?: Response; error?: unknown; attempts: number };

/**
 * Runs `request` until it gives an answer `retryable` says is final, or the attempts run out.
 * The body is read inside the attempt, so a connection dropped mid-body is retried too; a body
 * over MAX_RESPONSE_BYTES ends the request at once (the error of the last attempt is then a
 * BodyTooLargeError). An abort of `signal` (the caller no longer wants the answer) is not
 * retried: it ends the request and any wait at once and rejects with the signal's reason.
 */
export async function withRetries(
  request: (signal: AbortSignal) => Promise<Response>,
  policy: RetryPolicy = defaultRetryPolicy,
  signal?: AbortSignal,
  retryable: (status: number) => boolean = isRetryableStatus,
): Promise<Attempt> {
  let last: Attempt = { final: false, attempts: 0 };
  let timeouts = 0;
  for (let attempt = 0; attempt < policy.attempts; attempt++) {
    signal?.throwIfAborted();
    let wait = backoffMs(attempt, policy);
    try {
      const timeout = AbortSignal.timeout(policy.timeoutMs);
      const response = await request(signal ? AbortSignal.any([signal, timeout]) : timeout);
      const text = await readBounded(response);
      if (!retryable(response.status)) return { final: true, response, text, attempts: attempt + 1 };
      last = { final: false, response, attempts: attempt + 1 };
      const hinted = retryAfterMs(response.headers.get("retry-after"));
      if (hinted !== undefined) {
        if (hinted > policy.maxRetryAfterMs) return last;
        wait = Math.max(hinted, wait);
      }
    } catch (error) {
      signal?.throwIfAborted();
      last = { final: false, error, attempts: attempt + 1 };
      // The same answer would come again, as large.
      if (error instanceof BodyTooLargeError) return last;
      if (isTimeout(error) && ++timeouts >= (policy.maxTimeouts ?? policy.attempts)) return last;
    }
    if (attempt < policy.attempts - 1) await sleep(wait, signal);
  }
  return last;
}

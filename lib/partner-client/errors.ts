/**
 * Typed failures of the partner API, one class per failure (as openai-node's
 * APIError family). An error carries facts, never advice: what was asked
 * (record type or "token", study, URL path without its query), the HTTP
 * status, Retry-After, the attempts made, and for data that cannot be used
 * what was wrong with it. Its `message` is a neutral line for logs; the
 * sentences a user reads are written by the UI from the facts
 * (components/feedback/error-advice.ts). No error carries a secret or a token.
 */

/** What a failed request asked the partner service for. */
export interface PartnerRequest {
  /** The record type, or "token" for the token request. */
  what: string;
  study?: string;
  /** The URL's path only: a query or fragment is never kept. */
  path: string;
}

/** A request's description for a log line: "Group of study ONC-101, /svc-apim/...". */
const described = (r: PartnerRequest) => `${r.what}${r.study ? ` of study ${r.study}` : ""}, ${r.path}`;

/** The path of a URL without query or fragment; a URL that cannot be parsed gives "(unreadable URL)". */
export const pathOf = (url: string) => (URL.canParse(url) ? new URL(url).pathname : "(unreadable URL)");

type StatusFacts<K> = { kind: K; status: number; attempts: number };

/** The facts of each failure as plain data, for a report that crosses to the browser (PartnerError.facts()). */
export type PartnerFailure = { request: PartnerRequest } & (
  | StatusFacts<"authentication" | "forbidden" | "not-found" | "redirected" | "bad-request" | "unavailable">
  | (StatusFacts<"rate-limited"> & { retryAfterSeconds?: number })
  | { kind: "unreachable"; timedOut: boolean; attempts: number }
  | { kind: "malformed"; expected: MalformedExpectation }
  | { kind: "incomplete"; counted: number; received: number }
  | { kind: "foreign-link"; origin: string }
  | { kind: "too-large"; limitBytes: number }
);
export type PartnerErrorKind = PartnerFailure["kind"];

export abstract class PartnerError extends Error {
  abstract readonly kind: PartnerErrorKind;
  constructor(
    readonly request: PartnerRequest,
    message: string,
  ) {
    super(`${message} (${described(request)})`);
    this.name = new.target.name;
  }

  /** The facts as plain data: every field but the name, message and stack (which are not facts to show). */
  facts(): PartnerFailure {
    const { name: _name, ...facts } = { ...this };
    return { ...facts, request: { ...this.request } } as unknown as PartnerFailure;
  }
}

/**
 * Next.js bundles routes apart, so one process can hold two copies of this module: the study cache (one per
 * process) throws errors of the copy that made it, which `instanceof PartnerError` in another copy denies. A mark
 * on the prototype, under a registry symbol that every copy shares, tells them apart from other errors; on the
 * prototype, so that facts() (which spreads the error's own fields) does not carry it.
 */
const PARTNER_ERROR = Symbol.for("study-portal.partner-error");
Object.defineProperty(PartnerError.prototype, PARTNER_ERROR, { value: true });

/** Whether `err` is a PartnerError, whichever copy of this module made it. */
export function isPartnerError(err: unknown): err is PartnerError {
  return typeof err === "object" && err !== null && (err as Record<symbol, unknown>)[PARTNER_ERROR] === true;
}

/** A final HTTP answer other than 200, after `attempts` tries. */
export abstract class PartnerStatusError extends PartnerError {
  constructor(
    request: PartnerRequest,
    readonly status: number,
    readonly attempts: number,
    message = `HTTP ${status} from the partner service`,
  ) {
    super(request, `${message}, after ${attempts} attempt${attempts === 1 ? "" : "s"}`);
  }
}

/** 401, or a token request answered 400/401: the client ID or secret was refused. */
export class AuthenticationError extends PartnerStatusError {
  readonly kind = "authentication";
}
/** 403: this partner ID is not granted the study. */
export class StudyForbiddenError extends PartnerStatusError {
  readonly kind = "forbidden";
}
/** 404: nothing at this address. */
export class NotFoundError extends PartnerStatusError {
  readonly kind = "not-found";
}
/** 3xx: requests are made with redirect: "manual", so that an answer cannot send this server to another address. */
export class RedirectedError extends PartnerStatusError {
  readonly kind = "redirected";
}
/** Another 4xx. */
export class BadRequestError extends PartnerStatusError {
  readonly kind = "bad-request";
}
/** 429, retried as long as the policy allows. */
export class RateLimitedError extends PartnerStatusError {
  readonly kind = "rate-limited";
  constructor(
    request: PartnerRequest,
    attempts: number,
    /** The last answer's Retry-After in whole seconds; undefined when it gave none. */
    readonly retryAfterSeconds?: number,
  ) {
    const hint = retryAfterSeconds === undefined ? "" : ` (Retry-After ${retryAfterSeconds} s)`;
    super(request, 429, attempts, `HTTP 429 from the partner service${hint}`);
  }
}
/** 5xx or 408, retried as long as the policy allows. */
export class UnavailableError extends PartnerStatusError {
  readonly kind = "unavailable";
}

/** No answer at all: the connection failed or timed out on every attempt. */
export class UnreachableError extends PartnerError {
  readonly kind = "unreachable";
  constructor(
    request: PartnerRequest,
    readonly timedOut: boolean,
    readonly attempts: number,
  ) {
    super(request, `partner service ${timedOut ? "timed out" : "not reached"} on ${attempts} attempt(s)`);
  }
}

/** An answer that arrived but cannot be used. */
export abstract class InvalidDataError extends PartnerError {}

/** What a malformed answer should have been: JSON, a search Bundle, or a token response with an access token. */
export type MalformedExpectation = "json" | "bundle" | "token";

export class MalformedResponseError extends InvalidDataError {
  readonly kind = "malformed";
  constructor(
    request: PartnerRequest,
    readonly expected: MalformedExpectation,
  ) {
    super(request, `partner service answer is not ${EXPECTED[expected]}`);
  }
}
const EXPECTED: Record<MalformedExpectation, string> = {
  json: "JSON",
  bundle: "a search Bundle",
  token: "a token response with an access token",
};

/** A search whose records did not add up to the count on its first page: never shown partial. */
export class IncompleteSearchError extends InvalidDataError {
  readonly kind = "incomplete";
  constructor(
    request: PartnerRequest,
    readonly counted: number,
    readonly received: number,
  ) {
    super(request, `partner service counted ${counted} records but sent ${received}`);
  }
}

/** A paging link to another origin than the connection's: not followed (the allow-list checked the base URL only). */
export class ForeignLinkError extends InvalidDataError {
  readonly kind = "foreign-link";
  constructor(
    request: PartnerRequest,
    /** The link's origin only; its path and query are not kept. */
    readonly origin: string,
  ) {
    super(request, `partner service linked to another origin, ${origin}; not followed`);
  }
}

/** An answer larger than the client reads (lib/partner-client/bounded-body.ts): refused unread, not retried. */
export class ResponseTooLargeError extends InvalidDataError {
  readonly kind = "too-large";
  constructor(
    request: PartnerRequest,
    readonly limitBytes: number,
  ) {
    super(request, `partner service answer is larger than ${limitBytes} bytes; not read`);
  }
}

/** A body as JSON, or a MalformedResponseError naming the request. */
export function parseJson(text: string, request: PartnerRequest): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new MalformedResponseError(request, "json");
  }
}

export interface Answer {
  status: number;
  /** Tries made, the last included. */
  attempts: number;
  retryAfterSeconds?: number;
}

/** The error for a final (not retried, or retried out) HTTP status of a request. */
export function errorForStatus(request: PartnerRequest, { status, attempts, retryAfterSeconds }: Answer): PartnerError {
  if (status >= 300 && status < 400) return new RedirectedError(request, status, attempts);
  if (status === 401) return new AuthenticationError(request, status, attempts);
  if (status === 403) return new StudyForbiddenError(request, status, attempts);
  if (status === 404) return new NotFoundError(request, status, attempts);
  if (status === 429) return new RateLimitedError(request, attempts, retryAfterSeconds);
  if (status >= 500 || status === 408) return new UnavailableError(request, status, attempts);
  return new BadRequestError(request, status, attempts);
}

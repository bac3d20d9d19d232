/**
 * Typed failures of the partner API. Each says, in words a clinical user can
 * act on, what happened and what to do; none carries a secret or a token.
 */
export type PartnerErrorKind =
  | "authentication"
  | "forbidden"
  | "not-found"
  | "bad-request"
  | "rate-limited"
  | "unavailable"
  | "invalid-data";

export abstract class PartnerError extends Error {
  abstract readonly kind: PartnerErrorKind;
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class AuthenticationError extends PartnerError {
  readonly kind = "authentication";
}
export class StudyForbiddenError extends PartnerError {
  readonly kind = "forbidden";
}
export class NotFoundError extends PartnerError {
  readonly kind = "not-found";
}
export class BadRequestError extends PartnerError {
  readonly kind = "bad-request";
}
export class RateLimitedError extends PartnerError {
  readonly kind = "rate-limited";
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message, 429);
  }
}
export class UnavailableError extends PartnerError {
  readonly kind = "unavailable";
}
export class InvalidDataError extends PartnerError {
  readonly kind = "invalid-data";
}

/** A body as JSON, or an InvalidDataError naming the request. */
export function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new InvalidDataError(`The partner service answered ${what} with something that is not JSON.`);
  }
}

/** How long to wait, in words: "1 second", "30 seconds", or "a minute" when the service did not say. */
export const waitFor = (seconds: number | undefined) =>
  seconds === undefined ? "a minute" : `${seconds} second${seconds === 1 ? "" : "s"}`;

/** The error for a final (not retried, or retried out) HTTP status of a data request. */
export function errorForStatus(status: number, what: string, retryAfterSeconds?: number): PartnerError {
  // Requests are made with redirect: "manual", so that an answer cannot send this server to another address.
  if (status >= 300 && status < 400)
    return new NotFoundError(
      `The partner service redirected ${what} to another address (HTTP ${status}); redirects are not followed. Check the base URL of the connection (https:// rather than http://?).`,
      status,
    );
  if (status === 401)
    return new AuthenticationError(
      `The partner service did not accept this connection's credentials (${what}). Check the client ID and secret in Settings.`,
      status,
    );
  if (status === 403)
    return new StudyForbiddenError(
      `This partner connection is not granted access to ${what}. Ask the sponsor to grant the study, or check the study number and partner ID.`,
      status,
    );
  if (status === 404)
    return new NotFoundError(`The partner service has no ${what}. Check the base URL of the connection.`, status);
  if (status === 429)
    return new RateLimitedError(
      `The partner service is limiting requests (${what}). Wait ${waitFor(retryAfterSeconds)} and refresh.`,
      retryAfterSeconds,
    );
  if (status >= 500 || status === 408)
    return new UnavailableError(
      `The partner service is unavailable (HTTP ${status}, ${what}). Try again in a few minutes.`,
      status,
    );
  return new BadRequestError(`The partner service refused the request (HTTP ${status}, ${what}).`, status);
}

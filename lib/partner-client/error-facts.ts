/** A partner error rebuilt from its facts (./errors.ts, PartnerError.facts()), as the same class. */
import {
  AuthenticationError,
  BadRequestError,
  ForeignLinkError,
  IncompleteSearchError,
  MalformedResponseError,
  NotFoundError,
  type PartnerError,
  type PartnerFailure,
  RateLimitedError,
  RedirectedError,
  ResponseTooLargeError,
  StudyForbiddenError,
  UnavailableError,
  UnreachableError,
} from "./errors";

/** The errors that an HTTP status alone makes, each from the request, the status and the attempts. */
const OF_STATUS = {
  authentication: AuthenticationError,
  forbidden: StudyForbiddenError,
  "not-found": NotFoundError,
  redirected: RedirectedError,
  "bad-request": BadRequestError,
  unavailable: UnavailableError,
} as const;

/**
 * The error of the class that `facts` describe (PartnerError.facts()), with the same facts: a failure of the loading
 * thread crosses to the rendering thread as plain data, and is thrown there as the error it was.
 */
export function partnerErrorFromFacts(f: PartnerFailure): PartnerError {
  const { request } = f;
  switch (f.kind) {
    case "authentication":
    case "forbidden":
    case "not-found":
    case "redirected":
    case "bad-request":
    case "unavailable":
      return new OF_STATUS[f.kind](request, f.status, f.attempts);
    case "rate-limited":
      return new RateLimitedError(request, f.attempts, f.retryAfterSeconds);
    case "unreachable":
      return new UnreachableError(request, f.timedOut, f.attempts);
    case "malformed":
      return new MalformedResponseError(request, f.expected);
    case "incomplete":
      return new IncompleteSearchError(request, f.counted, f.received);
    case "foreign-link":
      return new ForeignLinkError(request, f.origin);
    case "too-large":
      return new ResponseTooLargeError(request, f.limitBytes);
  }
}

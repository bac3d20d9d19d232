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
  StudyForbiddenError,
  UnavailableError,
  UnreachableError,
} from "./errors";

/**
 * The error of the class that `facts` describe (PartnerError.facts()), with the same facts: a failure of the loading
 * thread crosses to the rendering thread as plain data, and is thrown there as the error it was.
 */
export function partnerErrorFromFacts(f: PartnerFailure): PartnerError {
  const { request } = f;
  switch (f.kind) {
    case "authentication":
      return new AuthenticationError(request, f.status, f.attempts);
    case "forbidden":
      return new StudyForbiddenError(request, f.status, f.attempts);
    case "not-found":
      return new NotFoundError(request, f.status, f.attempts);
    case "redirected":
      return new RedirectedError(request, f.status, f.attempts);
    case "bad-request":
      return new BadRequestError(request, f.status, f.attempts);
    case "unavailable":
      return new UnavailableError(request, f.status, f.attempts);
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
  }
}

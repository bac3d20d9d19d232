import { describe, expect, it } from "vitest";
import {
  AuthenticationError,
  BadRequestError,
  errorForStatus,
  NotFoundError,
  RateLimitedError,
  StudyForbiddenError,
  UnavailableError,
} from "./errors";

describe("errorForStatus", () => {
  const cases: [number, number | undefined, new (...args: never[]) => Error, RegExp][] = [
    [401, undefined, AuthenticationError, /Check the client ID and secret/],
    [403, undefined, StudyForbiddenError, /not granted access to Group of study ONC-101/],
    [404, undefined, NotFoundError, /Check the base URL/],
    [302, undefined, NotFoundError, /\(HTTP 302\); redirects are not followed\. Check the base URL/],
    [429, 1, RateLimitedError, /\(Group of study ONC-101\)\. Wait 1 second and refresh\.$/],
    [429, 30, RateLimitedError, /Wait 30 seconds and refresh\.$/],
    [429, undefined, RateLimitedError, /Wait a minute and refresh\.$/],
    [503, undefined, UnavailableError, /HTTP 503/],
    [408, undefined, UnavailableError, /HTTP 408/],
    [418, undefined, BadRequestError, /refused the request \(HTTP 418/],
  ];
  it.each(cases)("HTTP %i (Retry-After %s)", (status, retryAfter, type, message) => {
    const error = errorForStatus(status, "Group of study ONC-101", retryAfter);
    expect(error).toBeInstanceOf(type);
    expect(error.message).toMatch(message);
  });

  it("keeps Retry-After for the page's advice", () => {
    expect(errorForStatus(429, "x", 12)).toMatchObject({ kind: "rate-limited", retryAfterSeconds: 12, status: 429 });
  });
});

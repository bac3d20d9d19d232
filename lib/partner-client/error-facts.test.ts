import { describe, expect, it } from "vitest";
import { partnerErrorFromFacts } from "./error-facts";
import {
  errorForStatus,
  ForeignLinkError,
  IncompleteSearchError,
  MalformedResponseError,
  type PartnerError,
  RateLimitedError,
  ResponseTooLargeError,
  UnreachableError,
} from "./errors";

const request = { what: "laboratory", study: "ONC-101", path: "/svc-apim/external/v2/crit/core/api/observation" };

const errors: PartnerError[] = [
  ...[301, 401, 403, 404, 400, 503, 408].map((status) => errorForStatus(request, { status, attempts: 2 })),
  new RateLimitedError(request, 5, 30),
  new RateLimitedError(request, 5),
  new UnreachableError(request, true, 2),
  new UnreachableError(request, false, 5),
  new MalformedResponseError(request, "bundle"),
  new IncompleteSearchError(request, 1000, 998),
  new ForeignLinkError({ what: "token", path: "/token" }, "https://elsewhere.example"),
  new ResponseTooLargeError(request, 32 * 1024 * 1024),
];

describe("a partner error rebuilt from its facts", () => {
  it.each(errors.map((e) => [e.kind, e] as const))("%s: the same class, facts and message", (_kind, error) => {
    const rebuilt = partnerErrorFromFacts(structuredClone(error.facts()));
    expect(rebuilt.constructor).toBe(error.constructor);
    expect(rebuilt.facts()).toEqual(error.facts());
    expect(rebuilt.message).toBe(error.message);
  });
});

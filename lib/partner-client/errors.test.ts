import { describe, expect, it } from "vitest";
import {
  AuthenticationError,
  BadRequestError,
  errorForStatus,
  ForeignLinkError,
  IncompleteSearchError,
  isPartnerError,
  MalformedResponseError,
  NotFoundError,
  type PartnerError,
  pathOf,
  RateLimitedError,
  RedirectedError,
  StudyForbiddenError,
  UnavailableError,
  UnreachableError,
} from "./errors";
import { exhausted } from "./token";

const request = { what: "Group", study: "ONC-101", path: "/svc-apim/external/v2/crit/core/api/Group" };

describe("errorForStatus", () => {
  const cases: [number, new (...args: never[]) => PartnerError, string][] = [
    [401, AuthenticationError, "authentication"],
    [403, StudyForbiddenError, "forbidden"],
    [404, NotFoundError, "not-found"],
    [302, RedirectedError, "redirected"],
    [307, RedirectedError, "redirected"],
    [429, RateLimitedError, "rate-limited"],
    [503, UnavailableError, "unavailable"],
    [408, UnavailableError, "unavailable"],
    [400, BadRequestError, "bad-request"],
    [418, BadRequestError, "bad-request"],
  ];
  it.each(cases)("HTTP %i is a %O carrying its facts", (status, type, kind) => {
    const error = errorForStatus(request, { status, attempts: 3 });
    expect(error).toBeInstanceOf(type);
    expect(error).toMatchObject({ kind, status, attempts: 3, request });
  });

  it("keeps Retry-After for the page's advice", () => {
    const error = errorForStatus(request, { status: 429, attempts: 5, retryAfterSeconds: 12 });
    expect(error.facts()).toEqual({ kind: "rate-limited", status: 429, attempts: 5, retryAfterSeconds: 12, request });
  });
});

describe("messages are neutral lines for logs", () => {
  const errors: PartnerError[] = [
    new AuthenticationError({ what: "token", path: "/svc-apim/external/svc-oidc/oauth2/token" }, 400, 1),
    new StudyForbiddenError(request, 403, 1),
    new RateLimitedError(request, 5, 30),
    new RateLimitedError(request, 5),
    new UnavailableError(request, 503, 5),
    new UnreachableError(request, true, 5),
    new RedirectedError(request, 302, 1),
    new MalformedResponseError(request, "bundle"),
    new IncompleteSearchError(request, 120, 100),
    new ForeignLinkError(request, "https://elsewhere.example"),
  ];
  it.each(errors.map((e) => [e.name, e] as const))("%s: facts, no advice", (_name, error) => {
    expect(error.message).toContain(error.request.path);
    expect(error.message).not.toMatch(/Check|Settings|refresh|Wait|Try again|Ask|Tell/i);
  });

  it("say what a log reader needs", () => {
    expect(new StudyForbiddenError(request, 403, 1).message).toBe(
      "HTTP 403 from the partner service, after 1 attempt " +
        "(Group of study ONC-101, /svc-apim/external/v2/crit/core/api/Group)",
    );
    expect(new RateLimitedError(request, 5, 30).message).toMatch(/^HTTP 429 .*\(Retry-After 30 s\), after 5 attempts/);
    expect(new IncompleteSearchError(request, 120, 100).message).toMatch(/counted 120 records but sent 100/);
    expect(new ForeignLinkError(request, "https://elsewhere.example").message).toMatch(/https:\/\/elsewhere\.example/);
  });
});

describe("facts()", () => {
  it("is plain data: every fact, and neither the message nor the stack", () => {
    const error = new IncompleteSearchError(request, 120, 100);
    const facts = error.facts();
    expect(facts).toEqual({ kind: "incomplete", counted: 120, received: 100, request });
    expect(Object.getPrototypeOf(facts)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(facts))).toEqual(facts);
    facts.request.study = "changed";
    expect(error.request.study).toBe("ONC-101");
  });

  it("names a network failure and whether it timed out", () => {
    expect(new UnreachableError(request, false, 2).facts()).toEqual({
      kind: "unreachable",
      timedOut: false,
      attempts: 2,
      request,
    });
  });
});

describe("pathOf", () => {
  it("keeps the path only: the query and fragment never reach an error", () => {
    expect(pathOf("https://p.example/fhir/Group?researchstudy=ONC-101&token=abc#x")).toBe("/fhir/Group");
    expect(pathOf("not a url")).toBe("(unreadable URL)");
  });
});

describe("exhausted", () => {
  it("names the last answer's status, Retry-After and the attempts made", () => {
    const response = new Response("", { status: 429, headers: { "retry-after": "7" } });
    expect(exhausted({ final: false, response, attempts: 5 }, request).facts()).toEqual({
      kind: "rate-limited",
      status: 429,
      attempts: 5,
      retryAfterSeconds: 7,
      request,
    });
  });

  it("tells a timeout from a failed connection", () => {
    const timeout = new DOMException("The operation timed out.", "TimeoutError");
    expect(exhausted({ final: false, error: timeout, attempts: 2 }, request)).toMatchObject({
      kind: "unreachable",
      timedOut: true,
    });
    const refused = new TypeError("fetch failed");
    expect(exhausted({ final: false, error: refused, attempts: 2 }, request)).toMatchObject({
      kind: "unreachable",
      timedOut: false,
      attempts: 2,
    });
  });
});

describe("isPartnerError", () => {
  it("knows a partner error by its mark, also one whose class is another copy of the module", () => {
    const request = { what: "Group", study: "S", path: "/p" };
    const err = new StudyForbiddenError(request, 403, 1);
    expect(isPartnerError(err)).toBe(true);
    // What another bundle's copy makes: the same mark under the registry symbol, another prototype chain.
    const copy = Object.create(
      Object.create(Error.prototype, { [Symbol.for("study-portal.partner-error")]: { value: true } }),
    );
    expect(copy instanceof StudyForbiddenError).toBe(false);
    expect(isPartnerError(copy)).toBe(true);
    expect(isPartnerError(new Error("x"))).toBe(false);
    expect(isPartnerError(null)).toBe(false);
    expect(Object.getOwnPropertySymbols(err.facts())).toEqual([]);
  });
});

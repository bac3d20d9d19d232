import { describe, expect, it } from "vitest";
import type { Failure } from "@/lib/connections/failure";
import { errorAdvice, waitFor } from "./error-advice";

const ctx = { partnerId: "NORTHSTAR" };
const group = { what: "Group", study: "ONC-102", path: "/svc-apim/external/v2/crit/core/api/Group" };
const token = { what: "token", path: "/svc-apim/external/svc-oidc/oauth2/token" };

type Expected = { title: RegExp; detail: RegExp; settings: boolean; retry: boolean };

describe("errorAdvice words each failure's facts", () => {
  const cases: [string, Failure, Expected][] = [
    [
      "address off the allow-list",
      { kind: "not-allowed", baseUrl: "http://10.0.0.7", allowed: ["https://p.example.org", "https://q.example.org"] },
      {
        title: /^This connection's address is not allowed$/,
        detail: new RegExp(
          "^This connection's base URL \\(http://10\\.0\\.0\\.7\\) is not a partner service this portal may " +
            "connect to \\(https://p\\.example\\.org, https://q\\.example\\.org\\)\\. " +
            "Change the base URL in Settings, " +
            "or ask an administrator to add its address to PARTNER_BASE_URL_ALLOWLIST\\.$",
        ),
        settings: true,
        retry: false,
      },
    ],
    [
      "address off the allow-list, told to a user (the facts hold no list)",
      { kind: "not-allowed", baseUrl: "http://10.0.0.7" },
      {
        title: /^This connection's address is not allowed$/,
        detail: new RegExp(
          "^This connection's base URL \\(http://10\\.0\\.0\\.7\\) is not on the portal's list of partner " +
            "services\\. Change the base URL in Settings, or ask your administrator\\.$",
        ),
        settings: true,
        retry: false,
      },
    ],
    [
      "secret sealed under another key",
      { kind: "secret-unreadable" },
      {
        title: /stored client secret cannot be read/,
        detail: /another encryption key.*enter the client secret again\.$/,
        settings: true,
        retry: false,
      },
    ],
    [
      "wrong secret",
      { kind: "authentication", status: 400, attempts: 1, request: token },
      {
        title: /^Sign-in to the partner service failed$/,
        detail: /^The partner service rejected this connection's client ID or secret\. Check them in Settings\.$/,
        settings: true,
        retry: false,
      },
    ],
    [
      "study not granted",
      { kind: "forbidden", status: 403, attempts: 1, request: group },
      {
        title: /No access/,
        detail:
          /^The partner service does not grant partner NORTHSTAR access to study ONC-102\. Ask the sponsor to grant/,
        settings: true,
        retry: false,
      },
    ],
    [
      "rate limited with Retry-After",
      { kind: "rate-limited", status: 429, attempts: 5, retryAfterSeconds: 30, request: group },
      {
        title: /busy/,
        detail: /limiting requests\. Wait 30 seconds, then press Refresh\.$/,
        settings: false,
        retry: true,
      },
    ],
    [
      "rate limited without",
      { kind: "rate-limited", status: 429, attempts: 5, request: group },
      { title: /busy/, detail: /Wait a minute, then press Refresh\.$/, settings: false, retry: true },
    ],
    [
      "rate limited for one second",
      { kind: "rate-limited", status: 429, attempts: 5, retryAfterSeconds: 1, request: group },
      {
        title: /busy/,
        detail: /^The partner service is limiting requests\. Wait 1 second, then press Refresh\.$/,
        settings: false,
        retry: true,
      },
    ],
    [
      "partner down",
      { kind: "unavailable", status: 503, attempts: 5, request: group },
      {
        title: /^The partner service is unavailable$/,
        detail: /\(it answered HTTP 503, asked 5 times\)\. Wait a few minutes, then press Refresh\.$/,
        settings: false,
        retry: true,
      },
    ],
    [
      "nothing answers",
      { kind: "unreachable", timedOut: false, attempts: 1, request: token },
      {
        title: /^The partner service is unavailable$/,
        detail: /^The partner service could not be reached \(connection failed, tried once\)\. Check the base URL/,
        settings: true,
        retry: true,
      },
    ],
    [
      "no answer in time",
      { kind: "unreachable", timedOut: true, attempts: 2, request: token },
      { title: /unavailable/, detail: /\(no answer in time, tried 2 times\)/, settings: true, retry: true },
    ],
    [
      "wrong base URL",
      { kind: "not-found", status: 404, attempts: 1, request: token },
      {
        title: /address is wrong/,
        detail: /\(HTTP 404 for the token request\)\. Check the base URL in Settings\.$/,
        settings: true,
        retry: false,
      },
    ],
    [
      "a redirect",
      { kind: "redirected", status: 302, attempts: 1, request: group },
      {
        title: /address is wrong/,
        detail: new RegExp(
          "redirected the Group records of study ONC-102 to another address \\(HTTP 302\\); " +
            "the portal does not follow redirects\\. Check the base URL",
        ),
        settings: true,
        retry: false,
      },
    ],
    [
      "refused request",
      { kind: "bad-request", status: 400, attempts: 1, request: group },
      {
        title: /refused/,
        detail: /^The partner service refused the Group records of study ONC-102 \(HTTP 400\)\. If this persists/,
        settings: false,
        retry: true,
      },
    ],
    [
      "not JSON",
      { kind: "malformed", expected: "json", request: group },
      { title: /cannot be read/, detail: /with something that is not JSON\./, settings: false, retry: true },
    ],
    [
      "a token response without a token",
      { kind: "malformed", expected: "token", request: token },
      {
        title: /cannot be read/,
        detail: /answered the token request with a token response without an access token/,
        settings: false,
        retry: true,
      },
    ],
    [
      "fewer records than counted",
      { kind: "incomplete", counted: 10, received: 9, request: group },
      {
        title: /cannot be read/,
        detail: /counted 10 Group records in study ONC-102 but sent 9\. Nothing is shown rather than a partial list\./,
        settings: false,
        retry: true,
      },
    ],
    [
      "a link elsewhere",
      { kind: "foreign-link", origin: "https://elsewhere.example", request: group },
      {
        title: /cannot be read/,
        detail: /to another address \(https:\/\/elsewhere\.example\) than this connection's; the link is not followed/,
        settings: false,
        retry: false,
      },
    ],
    [
      "a bug of the portal",
      { kind: "unexpected" },
      { title: /went wrong in the portal/, detail: /tell an administrator/, settings: false, retry: true },
    ],
  ];
  it.each(cases)("%s", (_name, failure, expected) => {
    const advice = errorAdvice(failure, ctx);
    expect(advice).toMatchObject({ settings: expected.settings, retry: expected.retry });
    expect(advice.title).toMatch(expected.title);
    expect(advice.detail).toMatch(expected.detail);
  });

  it("says how to try again where the advice is shown", () => {
    const busy: Failure = { kind: "rate-limited", status: 429, attempts: 2, request: group };
    expect(errorAdvice(busy, { ...ctx, again: "test the connection again" }).detail).toMatch(
      /Wait a minute, then test the connection again\.$/,
    );
  });
});

describe("waitFor", () => {
  it.each([
    [undefined, "a minute"],
    [1, "1 second"],
    [30, "30 seconds"],
  ])("%s -> %s", (seconds, words) => expect(waitFor(seconds)).toBe(words));
});

import { describe, expect, it } from "vitest";
import { BaseUrlNotAllowedError } from "@/lib/connections/allowlist";
import { SecretBoxError } from "@/lib/crypto/secret-box";
import {
  AuthenticationError,
  BadRequestError,
  InvalidDataError,
  NotFoundError,
  RateLimitedError,
  StudyForbiddenError,
  UnavailableError,
} from "@/lib/partner-client/errors";
import { errorAdvice } from "./error-advice";

const ctx = { study: "ONC-102", partnerId: "NORTHSTAR" };

describe("errorAdvice", () => {
  const cases: [string, unknown, { title: RegExp; detail: RegExp; settings: boolean; retry: boolean } | undefined][] = [
    [
      "address off the allow-list",
      new BaseUrlNotAllowedError("http://10.0.0.7", ["https://p.example.org"]),
      {
        title: /address is not allowed/,
        detail: /\(http:\/\/10\.0\.0\.7\) .*\(https:\/\/p\.example\.org\)\. Change the base URL in Settings/,
        settings: true,
        retry: false,
      },
    ],
    [
      "secret sealed under another key",
      new SecretBoxError("x"),
      { title: /stored client secret/, detail: /Enter the secret again in Settings/, settings: true, retry: false },
    ],
    [
      "wrong secret",
      new AuthenticationError("x", 401),
      {
        title: /Sign-in/,
        detail: /^The partner service rejected this connection's client ID or secret\. Check them in Settings\.$/,
        settings: true,
        retry: false,
      },
    ],
    [
      "study not granted",
      new StudyForbiddenError("x", 403),
      { title: /No access/, detail: /partner NORTHSTAR access to study ONC-102/, settings: true, retry: false },
    ],
    [
      "rate limited with Retry-After",
      new RateLimitedError("x", 30),
      { title: /busy/, detail: /Wait 30 seconds, then press Refresh/, settings: false, retry: true },
    ],
    [
      "rate limited without",
      new RateLimitedError("x"),
      { title: /busy/, detail: /Wait a minute/, settings: false, retry: true },
    ],
    [
      "rate limited for one second",
      new RateLimitedError("x", 1),
      { title: /busy/, detail: /Wait 1 second, then press Refresh/, settings: false, retry: true },
    ],
    [
      "partner down",
      new UnavailableError("The partner service is unavailable (HTTP 503). Try again in a few minutes.", 503),
      { title: /unavailable/, detail: /Try again in a few minutes/, settings: false, retry: true },
    ],
    [
      "wrong base URL",
      new NotFoundError("x", 404),
      { title: /address/, detail: /Check the base URL in Settings/, settings: true, retry: false },
    ],
    [
      "unreadable data",
      new InvalidDataError("counted 10 but sent 9"),
      { title: /cannot be read/, detail: /counted 10 but sent 9/, settings: false, retry: true },
    ],
    [
      "refused request",
      new BadRequestError("refused (HTTP 400).", 400),
      { title: /refused/, detail: /HTTP 400/, settings: false, retry: true },
    ],
    ["not a partner error", new Error("bug"), undefined],
  ];
  it.each(cases)("%s", (_name, error, expected) => {
    const advice = errorAdvice(error, ctx);
    if (!expected) return expect(advice).toBeUndefined();
    expect(advice).toMatchObject({ settings: expected.settings, retry: expected.retry });
    expect(advice!.title).toMatch(expected.title);
    expect(advice!.detail).toMatch(expected.detail);
  });
});

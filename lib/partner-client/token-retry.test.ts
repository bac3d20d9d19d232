/**
 * The token request's retries: a 429 is asked again only for credentials that have obtained a token before; for
 * credentials never proven (most likely made up) it is final, so that they do not spend the partner's allowance of
 * failed token requests for the portal's one address.
 */
import { describe, expect, it } from "vitest";
import { northstarCreds } from "@/partner-service/testing";
import { RateLimitedError } from "./errors";
import type { RetryPolicy } from "./retry";
import { TokenSource } from "./token";

const policy: RetryPolicy = { attempts: 3, baseDelayMs: 1, maxDelayMs: 1, timeoutMs: 5_000, maxRetryAfterMs: 5_000 };
const tooMany = () => new Response("", { status: 429, headers: { "retry-after": "0" } });
const granted = () => Response.json({ access_token: "t", token_type: "Bearer", expires_in: 60 });

/** A service that answers the token requests with `answers` in turn; `seen.n` counts them. */
function scripted(answers: (() => Response)[]) {
  const seen = { n: 0 };
  const fetchImpl = (async () => answers[Math.min(seen.n++, answers.length - 1)]()) as typeof fetch;
  return { fetchImpl, seen };
}

describe("the token request's retries", () => {
  it("does not ask again after a 429 for credentials never proven, and names the Retry-After", async () => {
    const { fetchImpl, seen } = scripted([
      () => new Response("", { status: 429, headers: { "retry-after": "1" } }),
      granted,
    ]);
    const error = await new TokenSource(northstarCreds, fetchImpl, policy).get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ attempts: 1, retryAfterSeconds: 1 });
    expect(seen.n).toBe(1);
  });

  it("asks again after a 429 for credentials proven elsewhere (the study cache's record)", async () => {
    const { fetchImpl, seen } = scripted([tooMany, granted]);
    const tokens = new TokenSource(northstarCreds, fetchImpl, policy, Date.now, () => true);
    expect(await tokens.get()).toBe("t");
    expect(seen.n).toBe(2);
  });

  it("asks again after a 429 once this source has obtained a token", async () => {
    const clock = { now: 0 };
    const { fetchImpl, seen } = scripted([granted, tooMany, granted]);
    const tokens = new TokenSource(northstarCreds, fetchImpl, policy, () => clock.now);
    await tokens.get();
    // The token is due for renewal: the renewal's 429 is waited out.
    clock.now += 60_000;
    expect(tokens.wouldRequest()).toBe(true);
    expect(await tokens.get()).toBe("t");
    expect(seen.n).toBe(3);
  });
});

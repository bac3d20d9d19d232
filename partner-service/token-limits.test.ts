/**
 * The token endpoint's bounds (body size, credential shape, secret checks at once) and its count of failed
 * authentications per source and client ID, and per source under unknown client IDs.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestService, lakeside, northstar, TEST_TOKEN_URL, type TestService } from "./testing";
import { TOKEN_BODY_MAX_BYTES } from "./token-request";
import { expectOAuthError, FORM, params, poster } from "./token-testing";

let t: TestService;
beforeEach(async () => {
  t = await createTestService();
});
afterEach(() => t.db.close());

const form = FORM;
const post = poster(() => t);

/** A body stream of `total` bytes of form text in 16 KiB chunks, counting what the reader pulled. */
function countingBody(total: number) {
  const chunk = new TextEncoder().encode(`client_id=${"a".repeat(16_384 - 10)}`);
  const pulled = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= total) return controller.close();
      pulled.bytes += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled };
}

describe("token endpoint bounds", () => {
  it("refuses a body over the limit by its Content-Length, 413, without reading it", async () => {
    const body = `${new URLSearchParams(params())}&pad=${"x".repeat(TOKEN_BODY_MAX_BYTES)}`;
    const res = await post(body, { headers: { "content-length": String(Buffer.byteLength(body)) } });
    await expectOAuthError(res, 413, "invalid_request", ["xxxx"]);
  });

  it("refuses a streamed body over the limit, 413, having read no more than the limit and a chunk", async () => {
    const { stream, pulled } = countingBody(4 * 2 ** 20);
    const res = await t.fetch(TEST_TOKEN_URL, {
      method: "POST",
      headers: { "content-type": form },
      body: stream,
      duplex: "half",
    } as RequestInit);
    await expectOAuthError(res, 413, "invalid_request", ["aaaa"]);
    expect(pulled.bytes).toBeLessThanOrEqual(TOKEN_BODY_MAX_BYTES + 2 * 16_384);
  });

  it("accepts a body up to the limit", async () => {
    const base = new URLSearchParams(params()).toString();
    const body = `${base}&pad=${"x".repeat(TOKEN_BODY_MAX_BYTES - base.length - 5)}`;
    expect(Buffer.byteLength(body)).toBe(TOKEN_BODY_MAX_BYTES);
    expect((await post(body)).status).toBe(200);
  });

  it.each([
    ["a client_id over 64 characters", { client_id: "a".repeat(65) }, "a".repeat(65)],
    ["a client_id with other characters", { client_id: "<script>x</script>" }, "<script>"],
    ["a client_secret over 256 characters", { client_secret: "s".repeat(257) }, "s".repeat(257)],
    ["a client_secret with a space", { client_secret: "two words" }, "two words"],
  ])("refuses %s as invalid_request (400), not reflected", async (_name, over, sent) => {
    const res = await post(new URLSearchParams(params(over)).toString());
    await expectOAuthError(res, 400, "invalid_request", [sent]);
  });

  it("refuses a malformed client ID in HTTP Basic too", async () => {
    const basic = Buffer.from(`${"b".repeat(100)}:${northstar.clientSecret}`).toString("base64");
    const res = await post("grant_type=client_credentials&scope=full", {
      headers: { authorization: `Basic ${basic}` },
    });
    await expectOAuthError(res, 400, "invalid_request", ["b".repeat(100)]);
  });

  it("limits secret checks at once: beyond the running ones and the queue, 503 with Retry-After", async () => {
    t.db.close();
    t = await createTestService({ config: { secretChecks: { running: 1, queued: 2, perSource: 4 } } });
    const bad = new URLSearchParams(params({ client_secret: "wrong" })).toString();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.fetchFrom(`198.51.100.${i}`)(TEST_TOKEN_URL, {
          method: "POST",
          headers: { "content-type": form },
          body: bad,
        }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([401, 401, 401, 503, 503, 503, 503, 503]);
    const busy = answers.find((r) => r.status === 503)!;
    expect(busy.headers.get("retry-after")).toBe("1");
    await expectOAuthError(busy, 503, "temporarily_unavailable");
  });

  it("serves a busy portal: 16 correct token requests at once from one address all get tokens", async () => {
    const good = new URLSearchParams(params()).toString();
    const fromPortal = t.fetchFrom("127.0.0.1");
    const answers = await Promise.all(
      Array.from({ length: 16 }, () =>
        fromPortal(TEST_TOKEN_URL, { method: "POST", headers: { "content-type": form }, body: good }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(16).fill(200));
  });

  it("limits secret checks at once per source address: beyond them, 429 with Retry-After", async () => {
    t.db.close();
    t = await createTestService({ config: { secretChecks: { running: 1, queued: 8, perSource: 2 } } });
    const bad = new URLSearchParams(params({ client_secret: "wrong" })).toString();
    const fromA = t.fetchFrom("198.51.100.1");
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        fromA(TEST_TOKEN_URL, { method: "POST", headers: { "content-type": form }, body: bad }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([401, 401, 429, 429, 429]);
    await expectOAuthError(answers.find((r) => r.status === 429)!, 429, "slow_down");
  });
});

describe("failed authentications", () => {
  const credentialsOf = (p: typeof lakeside) => ({ client_id: p.clientId, client_secret: p.clientSecret });
  const bad = new URLSearchParams(params({ client_secret: "wrong-secret" })).toString();
  const good = new URLSearchParams(params()).toString();
  const from = (address: string, body: string) =>
    t.fetchFrom(address)(TEST_TOKEN_URL, { method: "POST", headers: { "content-type": form }, body });
  const A = "203.0.113.7";
  const B = "198.51.100.20";

  it("are counted per source and client ID: A is refused for that client after its limit, B is not", async () => {
    t.db.close();
    // A rate limit on as in production, so that a shared per-client bucket would show here.
    t = await createTestService({ config: { rateLimitPerMinute: 300, tokenFailuresPerMinute: 30 } });
    for (let i = 0; i < 30; i++) expect((await from(A, bad)).status).toBe(401);
    const refused = await from(A, bad);
    const body = await expectOAuthError(refused, 429, "slow_down");
    expect(body.error_description).toMatch(/^Too many failed token requests for this client from this address\./);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);

    // This client ID from A is refused, a secret it has not proved yet too, while A is over its limit for it...
    expect((await from(A, good)).status).toBe(429);
    // ...and served again once its allowance came back.
    t.clock.now += retryAfter * 1000;
    expect((await from(A, good)).status).toBe(200);
    // The real northstar-portal client, elsewhere, gets its token.
    expect((await from(B, good)).status).toBe(200);
  });

  it("for one client ID do not refuse another client ID from the same source (one portal, many users)", async () => {
    t.db.close();
    t = await createTestService({ config: { rateLimitPerMinute: 300, tokenFailuresPerMinute: 30 } });
    const lakesideGood = new URLSearchParams(params(credentialsOf(lakeside))).toString();
    for (let i = 0; i < 30; i++) expect((await from(A, bad)).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await from(A, bad)).status).toBe(429);
    // Another client ID from the very same address still gets its token, at once.
    expect((await from(A, lakesideGood)).status).toBe(200);
    // And its own failures have their own allowance: a wrong secret for it is checked (401), not refused (429).
    const lakesideBad = new URLSearchParams(params({ ...credentialsOf(lakeside), client_secret: "nope" })).toString();
    expect((await from(A, lakesideBad)).status).toBe(401);
  });

  it("under unknown client IDs are capped per source, so one address cannot try client IDs without end", async () => {
    t.db.close();
    t = await createTestService({ config: { tokenFailuresPerMinute: 2, tokenFailuresPerSourcePerMinute: 5 } });
    const ghost = (i: number) => new URLSearchParams(params({ client_id: `ghost-${i}` })).toString();
    for (let i = 0; i < 5; i++) expect((await from(A, ghost(i))).status).toBe(401);
    const refused = await from(A, ghost(5));
    const body = await expectOAuthError(refused, 429, "slow_down");
    expect(body.error_description).toMatch(/^Too many failed token requests from this address\./);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Unknown client IDs from A are refused now; a known client from A is not, and B is not affected.
    for (let i = 0; i < 3; i++) expect((await from(A, ghost(6 + i))).status).toBe(429);
    expect((await from(A, bad)).status).toBe(401);
    expect((await from(A, good)).status).toBe(200);
    expect((await from(B, ghost(0))).status).toBe(401);
    // Once the source has one failure back (12 s at 5 per minute), A's next unknown ID is checked again.
    t.clock.now += 12_000;
    expect((await from(A, ghost(9))).status).toBe(401);
  });

  it("count only failures: correct requests never use up the failure allowance", async () => {
    t.db.close();
    t = await createTestService({ config: { tokenFailuresPerMinute: 2 } });
    for (let i = 0; i < 20; i++) expect((await from(A, good)).status).toBe(200);
    expect((await from(A, bad)).status).toBe(401);
    expect((await from(A, bad)).status).toBe(401);
    expect((await from(A, bad)).status).toBe(429);
  });

  it("count an IPv6 source by its /64, so fresh addresses of one network do not get fresh allowances", async () => {
    t.db.close();
    t = await createTestService({ config: { tokenFailuresPerMinute: 2 } });
    expect((await from("2001:db8:1:2::1", bad)).status).toBe(401);
    expect((await from("2001:db8:1:2::2", bad)).status).toBe(401);
    expect((await from("2001:db8:1:2:ffff::3", bad)).status).toBe(429);
    expect((await from("2001:db8:1:3::1", good)).status).toBe(200);
  });
});

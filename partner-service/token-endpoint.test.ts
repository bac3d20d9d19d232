import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestService, getData, getToken, lakeside, northstar, TEST_TOKEN_URL, type TestService } from "./testing";
import { expectOAuthError, params, poster } from "./token-testing";

let t: TestService;
beforeEach(async () => {
  t = await createTestService();
});
afterEach(() => t.db.close());

const post = poster(() => t);

describe("token endpoint", () => {
  it("issues a bearer token from form parameters, not to be cached", async () => {
    const res = await post(new URLSearchParams(params()).toString());
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body).toMatchObject({ token_type: "Bearer", scope: "full", expires_in: 3600, consented_on: t.clock.now });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("accepts the parameters in the query string", async () => {
    expect((await post("", { query: new URLSearchParams(params()).toString() })).status).toBe(200);
  });

  it("accepts the parameters split between query and body", async () => {
    const res = await post("grant_type=client_credentials&scope=full", {
      query: `client_id=${northstar.clientId}&client_secret=${northstar.clientSecret}`,
    });
    expect(res.status).toBe(200);
  });

  it("accepts the secret by HTTP Basic", async () => {
    const basic = Buffer.from(`${northstar.clientId}:${northstar.clientSecret}`).toString("base64");
    const res = await post("grant_type=client_credentials&scope=full", {
      headers: { authorization: `Basic ${basic}` },
    });
    expect(res.status).toBe(200);
  });

  it.each([
    ["a wrong secret", params({ client_secret: "nope" }), 401, "invalid_client"],
    ["an unknown client", params({ client_id: "ghost" }), 401, "invalid_client"],
    ["another client's secret", params({ client_secret: lakeside.clientSecret }), 401, "invalid_client"],
    ["no grant_type", (({ grant_type, ...p }) => p)(params()), 400, "invalid_request"],
    ["another grant", params({ grant_type: "password" }), 400, "unsupported_grant_type"],
    ["another scope", params({ scope: "admin" }), 400, "invalid_scope"],
    ["no scope", (({ scope, ...p }) => p)(params()), 400, "invalid_request"],
    ["no secret", (({ client_secret, ...p }) => p)(params()), 400, "invalid_request"],
  ])("answers %s with RFC 6749 error", async (_name, body, status, error) => {
    const res = await post(new URLSearchParams(body as Record<string, string>).toString());
    expect(res.status).toBe(status);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect((await res.json()).error).toBe(error);
  });

  it("refuses a parameter given twice", async () => {
    const res = await post(new URLSearchParams(params()).toString(), { query: "scope=full" });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("invalid_request");
  });

  it("refuses a JSON body", async () => {
    const res = await t.fetch(TEST_TOKEN_URL, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(params()),
    });
    expect(res.status).toBe(400);
  });

  it("refuses GET", async () => {
    const res = await t.fetch(`${TEST_TOKEN_URL}?${new URLSearchParams(params())}`);
    expect(res.status).toBe(405);
  });

  it("stores neither secrets nor tokens in clear", async () => {
    const token = await getToken(t);
    const dump = JSON.stringify([
      t.db.prepare("SELECT * FROM clients").all(),
      t.db.prepare("SELECT * FROM tokens").all(),
    ]);
    expect(dump).not.toContain(northstar.clientSecret);
    expect(dump).not.toContain(token);
  });
});

describe("bearer tokens", () => {
  it("expire after expires_in seconds", async () => {
    const token = await getToken(t);
    t.clock.now += 3599_000;
    expect((await getData(t, "Group?researchstudy=ONC-101", northstar, token)).status).not.toBe(401);
    t.clock.now += 1_000;
    const res = await getData(t, "Group?researchstudy=ONC-101", northstar, token);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
  });

  it("are bound to the partner they were issued to", async () => {
    const token = await getToken(t, northstar);
    const res = await getData(t, "Group?researchstudy=ONC-102", lakeside, token);
    expect(res.status).toBe(403);
  });
});

describe("token endpoint errors", () => {
  it("answers the rate limit of successful requests in RFC 6749 form with Retry-After", async () => {
    t.db.close();
    t = await createTestService({ config: { rateLimitPerMinute: 10 } });
    expect((await post(new URLSearchParams(params()).toString())).status).toBe(200);
    const res = await post(new URLSearchParams(params()).toString());
    await expectOAuthError(res, 429, "slow_down");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });

  it("answers injected faults in RFC 6749 form with Retry-After", async () => {
    t.db.close();
    t = await createTestService({ config: { faults: { latencyMs: 0, rate429: 0.5, rate503: 0.5, dropRate: 0 } } });
    const seen = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const res = await post(new URLSearchParams(params()).toString());
      seen.add(res.status);
      await expectOAuthError(res, res.status, res.status === 429 ? "slow_down" : "temporarily_unavailable");
      expect(res.headers.get("retry-after")).toBe("1");
    }
    expect([...seen].sort()).toEqual([429, 503]);
  });
});

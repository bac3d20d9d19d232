/**
 * Failures that a known client did not cause do not refuse it (docs/partner-service.md, Rate limit): failures in
 * its name do not refuse the secret it has proved, and failures under client IDs the registry does not know refuse
 * no known client, while they stay capped per source address.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { disableClient, rotateSecret } from "./data/partner-registry";
import { verifySecret } from "./secrets";
import { createTestService, lakeside, northstar, TEST_TOKEN_URL, type TestService, testConfig } from "./testing";
import { handleTokenRequest, type TokenEndpointDeps, tokenEndpointDeps } from "./token-endpoint";
import { params } from "./token-testing";
import { createTokenStore } from "./tokens";
import { createVerifiedSecrets } from "./verified-secrets";

let t: TestService;
beforeEach(async () => {
  t = await createTestService();
});
afterEach(() => t.db.close());

/** The portal's address: every user's token requests come from it. */
const PORTAL = "203.0.113.7";

const tokenRequest = (over: Record<string, string> = {}) =>
  new Request(TEST_TOKEN_URL, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(params(over)),
  });

/**
 * The token endpoint with the default allowances and its secret checks counted. `fast` replaces scrypt by a plain
 * comparison with the demo secrets, so that hundreds of checks take no time: the limits are what is tested.
 */
function countingEndpoint(opts: { fast?: boolean } = {}) {
  const deps = tokenEndpointDeps(t.db, testConfig(), () => t.clock.now, createTokenStore(t.db));
  const checks = { count: 0 };
  const secrets = new Set<string>([northstar.clientSecret, lakeside.clientSecret]);
  deps.verify = async (secret, stored) => {
    checks.count++;
    return opts.fast ? stored !== undefined && secrets.has(secret) : verifySecret(secret, stored);
  };
  const from = async (address: string, over: Record<string, string> = {}) =>
    (await handleTokenRequest(tokenRequest(over), address, deps)).status;
  return { deps, checks, from };
}

const wrong = (i: number) => ({ client_secret: `wrong-${i}` });

describe("failures in a known client's name", () => {
  it("do not refuse its proved secret: 700 failures from its address, then its secret gets a token", async () => {
    const { checks, from } = countingEndpoint({ fast: true });
    expect(await from(PORTAL)).toBe(200);
    const statuses = [];
    for (let i = 0; i < 700; i++) statuses.push(await from(PORTAL, wrong(i)));
    expect(statuses.filter((s) => s === 401)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(670);
    expect(await from(PORTAL)).toBe(200);
    // The proved secret cost no check; the failures over the allowance none either.
    expect(checks.count).toBe(1 + 30);
    // Any other secret is still refused unchecked.
    expect(await from(PORTAL, wrong(700))).toBe(429);
    expect(checks.count).toBe(31);
  });

  it("refuse a secret not yet proved until the allowance comes back, then it is checked", async () => {
    const { from } = countingEndpoint({ fast: true });
    for (let i = 0; i < 30; i++) expect(await from(PORTAL, wrong(i))).toBe(401);
    expect(await from(PORTAL)).toBe(429);
    // One failure comes back every 2 s at 30 a minute.
    t.clock.now += 2_000;
    expect(await from(PORTAL)).toBe(200);
    // The check given back by the success serves one more failure; then failures are refused, the secret is not.
    expect(await from(PORTAL, wrong(31))).toBe(401);
    expect(await from(PORTAL, wrong(32))).toBe(429);
    expect(await from(PORTAL)).toBe(200);
  });

  it("no longer admit a proved secret once it is rotated, or the client disabled", async () => {
    const { checks, from } = countingEndpoint();
    expect(await from(PORTAL)).toBe(200);
    const rotated = await rotateSecret(t.db, northstar.clientId);
    expect(await from(PORTAL)).toBe(401);
    expect(checks.count).toBe(2);
    expect(await from(PORTAL, { client_secret: rotated })).toBe(200);
    disableClient(t.db, northstar.clientId);
    expect(await from(PORTAL, { client_secret: rotated })).toBe(401);
  });
});

describe("failures under client IDs the registry does not know", () => {
  const ghost = (i: number) => ({ client_id: `ghost-${i}` });
  const lakesideCredentials = { client_id: lakeside.clientId, client_secret: lakeside.clientSecret };

  it("refuse no known client from the same address, and stay capped there", async () => {
    const { deps, checks, from } = countingEndpoint({ fast: true });
    // 100 made-up IDs, three times each: the address's 300 for unknown IDs are used up.
    for (let round = 0; round < 3; round++)
      for (let i = 0; i < 100; i++) expect(await from(PORTAL, ghost(i))).toBe(401);
    expect(checks.count).toBe(300);
    for (let i = 100; i < 110; i++) expect(await from(PORTAL, ghost(i))).toBe(429);
    expect(checks.count).toBe(300);
    // Known clients at that address, their secrets never proved before: checked and served.
    expect(await from(PORTAL)).toBe(200);
    expect(await from(PORTAL, lakesideCredentials)).toBe(200);
    expect(await from(PORTAL, { ...lakesideCredentials, client_secret: "nope" })).toBe(401);
    // Another address is not affected.
    expect(await from("198.51.100.20", ghost(0))).toBe(401);
    // The allowance for unknown IDs comes back at 300 a minute: one every 200 ms.
    t.clock.now += 200;
    expect(await from(PORTAL, ghost(200))).toBe(401);
    expect(await from(PORTAL, ghost(201))).toBe(429);
    expectBounded(deps);
  });
});

/** Every structure the token endpoint keeps by request is bounded; here by the few sources and IDs that came. */
function expectBounded(deps: TokenEndpointDeps) {
  expect(deps.unknownClientFailures.size).toBeLessThanOrEqual(2);
  expect(deps.failures.size).toBeLessThanOrEqual(213);
  expect(deps.verified.size).toBe(2);
}

describe("the proved secrets", () => {
  it("hold at most maxKeys clients, forgetting the least recently used", () => {
    const verified = createVerifiedSecrets(3);
    const client = (i: number) => ({ clientId: `client-${i}`, secretHash: `hash-${i}` });
    for (let i = 0; i < 10; i++) verified.remember(client(i), `secret-${i}`);
    expect(verified.size).toBe(3);
    expect(verified.matches(client(0), "secret-0")).toBe(false);
    expect(verified.matches(client(9), "secret-9")).toBe(true);
    expect(verified.matches(client(9), "secret-8")).toBe(false);
    expect(verified.matches({ ...client(9), secretHash: "rotated" }, "secret-9")).toBe(false);
  });
});

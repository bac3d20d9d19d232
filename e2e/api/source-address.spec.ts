/**
 * The source address the token endpoint counts failed authentications by is the TCP peer that the app's server
 * records (server/serve.mjs), not anything the client says: a forged x-study-portal-peer header is replaced, and
 * X-Forwarded-For is not read without TRUSTED_PROXY_HOPS (not set here). Failures are counted per source and client
 * ID (docs/partner-service.md, Rate limit), so this test's made-up client ID, in no registry, uses up only its own
 * allowance and no other test is affected.
 */
import { type APIResponse, expect, test } from "@playwright/test";
import { credentials, expectOAuthError, NORTHSTAR, tokenRequest } from "./fixtures";

const CLIENT_ID = "e2e-forged-peer-7c41d2";
/** PARTNER_TOKEN_FAILURES_PER_MINUTE's default (playwright.config.ts does not set it). */
const LIMIT = 30;
/**
 * Requests at once: well under the 16 secret checks one source may have running or waiting (the portal's own token
 * requests come from this peer too), so that only the failure allowance refuses; enough that all of them take a few
 * seconds, in which the allowance (one back every 2 s) hardly refills.
 */
const BATCH = 4;
/** Requests sent at the most: a 429 must come well before, as every request counts to the one real peer. */
const MOST = LIMIT + 5 * BATCH;

/** A bad-secret token request for CLIENT_ID claiming to come from the i-th made-up address. */
const forged = (request: Parameters<typeof tokenRequest>[0], i: number) =>
  tokenRequest(request, {
    form: { ...credentials(NORTHSTAR), client_id: CLIENT_ID, client_secret: "wrong-secret" },
    headers: { "x-study-portal-peer": `198.51.100.${i}`, "x-forwarded-for": `203.0.113.${i}, 192.0.2.${i}` },
  });

test("failed token requests count to the real peer, whatever peer or X-Forwarded-For the client claims", async ({
  request,
}) => {
  const statuses: number[] = [];
  let refused: APIResponse | undefined;
  while (!refused && statuses.length < MOST) {
    const first = statuses.length;
    const answers = await Promise.all(Array.from({ length: BATCH }, (_, i) => forged(request, first + i)));
    for (const res of answers) {
      statuses.push(res.status());
      if (res.status() === 429) refused ??= res;
      else expect(res.status(), await res.text()).toBe(401);
    }
  }
  // Had a forged header been believed, every request would have come from a fresh address, and none refused.
  expect(refused, `statuses: ${statuses.join(" ")}`).toBeDefined();
  const body = await expectOAuthError(refused!, 429, "slow_down");
  expect(body.error_description).toMatch(/^Too many failed token requests for this client from this address\./);
  expect(Number(refused!.headers()["retry-after"])).toBeGreaterThanOrEqual(1);
  // The allowance was used up, not refused early: at least LIMIT requests were checked and failed.
  expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(LIMIT);

  // The failures named only this client ID: a correct request from the same peer for another one is served.
  const northstar = await tokenRequest(request, { form: credentials(NORTHSTAR) });
  expect(northstar.status(), await northstar.text()).toBe(200);
});

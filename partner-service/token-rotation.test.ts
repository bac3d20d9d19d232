/** A token request in flight while the client's secret is rotated or the client disabled. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { disableClient, rotateSecret } from "./data/partner-registry";
import { verifySecret } from "./secrets";
import { createTestService, northstar, TEST_TOKEN_URL, type TestService, testConfig } from "./testing";
import { handleTokenRequest, tokenEndpointDeps } from "./token-endpoint";
import { createTokenStore } from "./tokens";

let t: TestService;
beforeEach(async () => {
  t = await createTestService();
});
afterEach(() => t.db.close());

const tokenRequest = () =>
  new Request(TEST_TOKEN_URL, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_id: northstar.clientId,
      client_secret: northstar.clientSecret,
      grant_type: "client_credentials",
      scope: "full",
    }),
  });

/** The token endpoint with `meanwhile` run after the secret check has succeeded and before the token is issued. */
function endpointActingDuringCheck(meanwhile: () => Promise<void> | void) {
  const deps = tokenEndpointDeps(t.db, testConfig(), () => t.clock.now, createTokenStore(t.db));
  deps.verify = async (secret, stored) => {
    const valid = await verifySecret(secret, stored);
    await meanwhile();
    return valid;
  };
  return (req: Request) => handleTokenRequest(req, "192.0.2.1", deps);
}

const tokenRows = () => (t.db.prepare("SELECT count(*) AS n FROM tokens").get() as { n: number }).n;

describe("a token request while the secret changes", () => {
  it("is refused when the secret it was checked with is rotated before the token is issued", async () => {
    const handle = endpointActingDuringCheck(async () => {
      await rotateSecret(t.db, northstar.clientId);
    });
    const res = await handle(tokenRequest());
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe("invalid_client");
    expect(tokenRows()).toBe(0);
  });

  it("is refused when the client is disabled before the token is issued", async () => {
    const handle = endpointActingDuringCheck(() => disableClient(t.db, northstar.clientId));
    expect((await handle(tokenRequest())).status).toBe(401);
    expect(tokenRows()).toBe(0);
  });

  it("gets its token when nothing changed meanwhile", async () => {
    const handle = endpointActingDuringCheck(() => {});
    expect((await handle(tokenRequest())).status).toBe(200);
    expect(tokenRows()).toBe(1);
  });
});

/**
 * The token endpoint as docs/partner-service.md states it ("The token
 * endpoint", written from the sponsor's specification and its authentication
 * section): the client-credentials grant by form body, query string, split, and
 * HTTP Basic; RFC 6749 section 5.2 errors; no-store.
 */
import { request as httpRequest } from "node:http";
import { type APIRequestContext, type APIResponse, expect, test } from "@playwright/test";
import { E2E_BASE_URL, RATE_LIMITED_PARTNER_URL } from "../../playwright.config";
import {
  credentials,
  endpoint,
  expectNoLeak,
  expectOAuthError,
  expectOperationOutcome,
  LAKESIDE,
  NORTHSTAR,
  type Partner,
  searchPath,
  TOKEN_PATH,
  tokenRequest,
} from "./fixtures";

interface TokenBody {
  token_type: string;
  access_token: string;
  scope: string;
  expires_in: number;
  consented_on: number;
}

async function expectToken(res: APIResponse): Promise<TokenBody> {
  const text = await res.text();
  expect(res.status(), text).toBe(200);
  expect(res.headers()["content-type"] ?? "").toMatch(/^application\/json/);
  expect(res.headers()["cache-control"] ?? "", "Cache-Control: no-store").toMatch(/(^|,\s*)no-store(\s*,|$)/);
  const body = JSON.parse(text) as TokenBody;
  expect(body.token_type).toBe("Bearer");
  expect(typeof body.access_token).toBe("string");
  expect(body.access_token.length).toBeGreaterThanOrEqual(20);
  expect(body.scope).toBe("full");
  expect(Number.isInteger(body.expires_in)).toBe(true);
  expect(body.expires_in, "expires_in defaults to 3600 seconds").toBe(3600);
  expect(Number.isInteger(body.consented_on)).toBe(true);
  expect(Math.abs(body.consented_on - Date.now()), "consented_on is the issue time in epoch milliseconds").toBeLessThan(
    10 * 60_000,
  );
  expect(body).not.toHaveProperty("refresh_token");
  expect(text).not.toContain(NORTHSTAR.clientSecret);
  expect(text).not.toContain(LAKESIDE.clientSecret);
  return body;
}

/** The token works for its own partner's study. */
async function expectUsable(request: APIRequestContext, token: string, p: Partner): Promise<void> {
  const res = await request.get(searchPath(endpoint("Group"), p.studies[0]), {
    headers: { authorization: `Bearer ${token}`, "x-partnerid": p.partnerId },
    failOnStatusCode: false,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A POST whose form body is sent in chunks without a Content-Length (Transfer-Encoding: chunked). */
function chunkedPost(
  path: string,
  body: string,
): Promise<{ status: number; headers: Record<string, string>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, E2E_BASE_URL), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" },
    });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c) => {
        text += c;
      });
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, text }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    for (let i = 0; i < body.length; i += 1024) req.write(body.slice(i, i + 1024));
    req.end();
  });
}

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;

for (const p of [NORTHSTAR, LAKESIDE]) {
  test.describe(`${p.clientId}`, () => {
    test("parameters in the form body", async ({ request }) => {
      const body = await expectToken(await tokenRequest(request, { form: credentials(p) }));
      await expectUsable(request, body.access_token, p);
    });

    test("parameters in the query string", async ({ request }) => {
      const body = await expectToken(await tokenRequest(request, { query: credentials(p) }));
      await expectUsable(request, body.access_token, p);
    });

    test("parameters split between query and body", async ({ request }) => {
      const { client_id, client_secret, grant_type, scope } = credentials(p);
      const body = await expectToken(
        await tokenRequest(request, { query: { client_id, scope }, form: { client_secret, grant_type } }),
      );
      await expectUsable(request, body.access_token, p);
    });

    test("client secret by HTTP Basic", async ({ request }) => {
      const body = await expectToken(
        await tokenRequest(request, {
          form: { grant_type: "client_credentials", scope: "full" },
          headers: { authorization: basic(p.clientId, p.clientSecret) },
        }),
      );
      await expectUsable(request, body.access_token, p);
    });
  });
}

test("each request issues a new token and earlier tokens stay valid", async ({ request }) => {
  const a = await expectToken(await tokenRequest(request, { form: credentials(NORTHSTAR) }));
  const b = await expectToken(await tokenRequest(request, { form: credentials(NORTHSTAR) }));
  expect(a.access_token).not.toBe(b.access_token);
  await expectUsable(request, a.access_token, NORTHSTAR);
  await expectUsable(request, b.access_token, NORTHSTAR);
});

test("wrong secret: 401 invalid_client", async ({ request }) => {
  await expectOAuthError(
    await tokenRequest(request, { form: { ...credentials(NORTHSTAR), client_secret: "wrong" } }),
    401,
    "invalid_client",
  );
  // One partner's secret does not open another partner's client.
  await expectOAuthError(
    await tokenRequest(request, { form: { ...credentials(NORTHSTAR), client_secret: LAKESIDE.clientSecret } }),
    401,
    "invalid_client",
  );
});

test("unknown client: 401 invalid_client, the client ID not reflected", async ({ request }) => {
  const id = "no-such-client-e2e";
  const res = await tokenRequest(request, { form: { ...credentials(NORTHSTAR), client_id: id } });
  await expectOAuthError(res, 401, "invalid_client");
  expectNoLeak(await res.text(), [id]);
});

test("a client ID no client can have: 400 invalid_request, not reflected", async ({ request }) => {
  for (const id of ["<script>alert(1)</script>", `c${"x".repeat(64)}`]) {
    const res = await tokenRequest(request, { form: { ...credentials(NORTHSTAR), client_id: id } });
    await expectOAuthError(res, 400, "invalid_request");
    expectNoLeak(await res.text(), [id, "alert(1)", "xxxxxxxx"]);
  }
});

test("a client secret over 256 characters: 400 invalid_request, not reflected", async ({ request }) => {
  const secret = `s${"y".repeat(300)}`;
  const res = await tokenRequest(request, { form: { ...credentials(NORTHSTAR), client_secret: secret } });
  await expectOAuthError(res, 400, "invalid_request");
  expectNoLeak(await res.text(), ["yyyyyyyy"]);
});

test("a body over 4096 bytes: 413 invalid_request, not reflected (by Content-Length)", async ({ request }) => {
  // The shape of a measured attack: a client ID of megabytes.
  const clientId = `m${"z".repeat(4 * 2 ** 20)}`;
  const res = await tokenRequest(request, { form: { ...credentials(NORTHSTAR), client_id: clientId } });
  await expectOAuthError(res, 413, "invalid_request");
  expectNoLeak(await res.text(), ["zzzzzzzz"]);
});

test("a streamed body over 4096 bytes: 413 invalid_request, not reflected (no Content-Length)", async () => {
  const { status, headers, text } = await chunkedPost(TOKEN_PATH, `client_id=c${"w".repeat(64 * 1024)}`);
  expect(status, text).toBe(413);
  expect(headers["content-type"] ?? "").toMatch(/^application\/json/);
  expect(JSON.parse(text).error).toBe("invalid_request");
  expectNoLeak(text, ["wwwwwwww"]);
});

test("a partner limiting its data requests signs clients in; a data request gets an OperationOutcome 429", async ({
  request,
}) => {
  // The second test server answers every data request with an injected 429 and spares the token endpoint
  // (playwright.config.ts). Injected faults on the token endpoint itself, in RFC 6749 form with Retry-After, are
  // proved in-process by partner-service/token-endpoint.test.ts.
  const token = await request.post(`${RATE_LIMITED_PARTNER_URL}${TOKEN_PATH}`, { form: credentials(NORTHSTAR) });
  expect(token.status()).toBe(200);
  const { access_token } = (await token.json()) as TokenBody;
  const res = await request.get(`${RATE_LIMITED_PARTNER_URL}${searchPath(endpoint("Group"), "ONC-101")}`, {
    headers: { authorization: `Bearer ${access_token}`, "x-partnerid": NORTHSTAR.partnerId },
    failOnStatusCode: false,
  });
  await expectOperationOutcome(res, 429, { code: "throttled" });
  expect(res.headers()["retry-after"]).toBe("1");
});

test("wrong secret by HTTP Basic: 401 invalid_client with a WWW-Authenticate challenge", async ({ request }) => {
  const res = await tokenRequest(request, {
    form: { grant_type: "client_credentials", scope: "full" },
    headers: { authorization: basic(NORTHSTAR.clientId, "wrong") },
  });
  await expectOAuthError(res, 401, "invalid_client");
  expect(res.headers()["www-authenticate"] ?? "", "RFC 6749 5.2: a Basic attempt gets a challenge").toMatch(
    /^Basic\b/i,
  );
});

test("unsupported grant type: 400 unsupported_grant_type", async ({ request }) => {
  for (const grant of ["password", "authorization_code", "refresh_token", "CLIENT_CREDENTIALS"]) {
    await expectOAuthError(
      await tokenRequest(request, { form: { ...credentials(NORTHSTAR), grant_type: grant } }),
      400,
      "unsupported_grant_type",
    );
  }
});

test("bad scope: 400 invalid_scope", async ({ request }) => {
  for (const scope of ["read", "full openid", "FULL"]) {
    await expectOAuthError(
      await tokenRequest(request, { form: { ...credentials(NORTHSTAR), scope } }),
      400,
      "invalid_scope",
    );
  }
});

test("missing parameters: 400 invalid_request", async ({ request }) => {
  const { client_id, client_secret, scope } = credentials(NORTHSTAR);
  await expectOAuthError(await tokenRequest(request, {}), 400, "invalid_request");
  await expectOAuthError(
    await tokenRequest(request, { form: { client_id, client_secret, scope } }),
    400,
    "invalid_request",
  );
  // Without the secret or without the client the request is refused as a bad request or a failed client authentication.
  const noSecret = await tokenRequest(request, { form: { client_id, grant_type: "client_credentials", scope } });
  await expectOAuthError(noSecret, noSecret.status() === 401 ? 401 : 400, ["invalid_request", "invalid_client"]);
  const noClient = await tokenRequest(request, { form: { client_secret, grant_type: "client_credentials", scope } });
  await expectOAuthError(noClient, noClient.status() === 401 ? 401 : 400, ["invalid_request", "invalid_client"]);
  const noScope = await tokenRequest(request, { form: { client_id, client_secret, grant_type: "client_credentials" } });
  await expectOAuthError(noScope, 400, ["invalid_request", "invalid_scope"]);
});

test("a parameter given twice: 400 invalid_request", async ({ request }) => {
  const c = credentials(NORTHSTAR);
  await expectOAuthError(await tokenRequest(request, { query: { scope: "full" }, form: c }), 400, "invalid_request");
});

test("a body that is not form-encoded: 400 invalid_request", async ({ request }) => {
  const res = await request.post("/svc-apim/external/svc-oidc/oauth2/token", {
    headers: { "content-type": "application/json" },
    data: JSON.stringify(credentials(NORTHSTAR)),
    failOnStatusCode: false,
  });
  await expectOAuthError(res, 400, "invalid_request");
});

test("GET on the token endpoint is refused with an RFC 6749 error, no token issued", async ({ request }) => {
  const res = await tokenRequest(request, { method: "GET", query: credentials(NORTHSTAR) });
  await expectOAuthError(res, 405, "invalid_request");
  expect(res.headers().allow ?? "").toMatch(/\bPOST\b/);
  const del = await tokenRequest(request, { method: "DELETE" });
  await expectOAuthError(del, 405, "invalid_request");
});

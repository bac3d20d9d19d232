/**
 * The origin check of state-changing route handlers: a browser's request from another site is refused in words; the
 * portal's own pages (by its public address or the host asked), and programs that send neither Origin nor
 * Sec-Fetch-Site, pass. X-Forwarded-Host counts only behind trusted proxies.
 */
import { describe, expect, it } from "vitest";
import { CROSS_ORIGIN_REFUSAL, crossOriginRefusal, sameOriginOnly } from "./same-origin";

const PLAIN = { TRUSTED_PROXY_HOPS: 0 };
const PUBLIC = { NEXTAUTH_URL: "https://portal.example.org", TRUSTED_PROXY_HOPS: 0 };
const refusal = (h: Record<string, string>, settings = PLAIN) => crossOriginRefusal(new Headers(h), settings);

describe("crossOriginRefusal", () => {
  it("passes an Origin that is the host the request was sent to", () => {
    expect(refusal({ origin: "http://127.0.0.1:3100", host: "127.0.0.1:3100" })).toBeNull();
    expect(refusal({ origin: "https://portal.example.org", host: "Portal.Example.org:443" })).toBeNull();
  });

  it("passes the public address's origin (NEXTAUTH_URL) whatever host the proxy in front asked for", () => {
    expect(refusal({ origin: "https://portal.example.org", host: "127.0.0.1:3000" }, PUBLIC)).toBeNull();
  });

  it("refuses another site's Origin, another port or scheme of the host, and the opaque origin", () => {
    const host = "portal.example.org";
    for (const origin of [
      "https://evil.example",
      "https://portal.example.org.evil.example",
      "http://portal.example.org:8080",
      "null",
      "not a url",
      "file:///etc",
    ])
      expect(refusal({ origin, host }, PUBLIC), origin).toBe(CROSS_ORIGIN_REFUSAL);
    expect(refusal({ origin: "https://evil.example" })).toBe(CROSS_ORIGIN_REFUSAL);
  });

  it("without an Origin, follows Sec-Fetch-Site: only the portal's own pages, or the user directly, pass", () => {
    expect(refusal({ "sec-fetch-site": "same-origin" })).toBeNull();
    expect(refusal({ "sec-fetch-site": "none" })).toBeNull();
    expect(refusal({ "sec-fetch-site": "same-site" })).toBe(CROSS_ORIGIN_REFUSAL);
    expect(refusal({ "sec-fetch-site": "cross-site" })).toBe(CROSS_ORIGIN_REFUSAL);
  });

  it("passes a program's request that has neither header (no browser, so no victim's cookies)", () => {
    expect(refusal({ host: "portal.example.org" })).toBeNull();
  });

  it("reads X-Forwarded-Host only behind trusted proxies, the entry the outermost one saw", () => {
    const h = { origin: "https://portal.example.org", host: "10.0.0.5:3000", "x-forwarded-host": "portal.example.org" };
    expect(refusal(h)).toBe(CROSS_ORIGIN_REFUSAL);
    expect(refusal(h, { TRUSTED_PROXY_HOPS: 1 })).toBeNull();
    const appended = { ...h, "x-forwarded-host": "evil.example, portal.example.org" };
    expect(refusal(appended, { TRUSTED_PROXY_HOPS: 1 })).toBeNull();
    expect(refusal({ ...appended, origin: "https://evil.example" }, { TRUSTED_PROXY_HOPS: 1 })).toBe(
      CROSS_ORIGIN_REFUSAL,
    );
  });
});

describe("sameOriginOnly", () => {
  const handler = sameOriginOnly(
    () => PLAIN,
    async (_request: Request, n: number) => Response.json({ n }),
  );
  const request = (h: Record<string, string>) =>
    new Request("http://127.0.0.1:3100/exports", { method: "POST", headers: h });

  it("answers 403 in words to another site, without running the handler", async () => {
    const res = await handler(request({ origin: "https://evil.example", host: "127.0.0.1:3100" }), 1);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: CROSS_ORIGIN_REFUSAL });
  });

  it("runs the handler, with its arguments, for the portal's own page", async () => {
    const res = await handler(request({ origin: "http://127.0.0.1:3100", host: "127.0.0.1:3100" }), 7);
    expect(await res.json()).toEqual({ n: 7 });
  });
});

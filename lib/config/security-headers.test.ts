import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";
import { contentSecurityPolicy, newNonce, pageSecurityHeaders } from "./security-headers";

const production = parseEnv({ NODE_ENV: "production", NEXTAUTH_URL: "http://127.0.0.1:3000" });
const overHttps = parseEnv({ NODE_ENV: "production", NEXTAUTH_URL: "https://portal.example.org" });
const development = parseEnv({ NODE_ENV: "development" });

const directives = (csp: string) => new Map(csp.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)]));

describe("the pages' Content-Security-Policy", () => {
  it("allows scripts by this request's nonce only, never eval, and no framing", () => {
    const csp = directives(contentSecurityPolicy("abc123==", production));
    expect(csp.get("script-src")).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(csp.get("style-src")).toEqual(["'self'", "'nonce-abc123=='"]);
    expect(csp.get("style-src-attr")).toEqual(["'none'"]);
    expect(contentSecurityPolicy("abc123==", production)).not.toContain("unsafe-inline");
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(contentSecurityPolicy("abc123==", production)).not.toMatch(/unsafe-eval|'unsafe-inline'.*script|\*/);
    expect(csp.has("upgrade-insecure-requests")).toBe(false);
  });

  it("allows eval under next dev only, for React's debugging aids", () => {
    expect(directives(contentSecurityPolicy("n", development)).get("script-src")).toContain("'unsafe-eval'");
    expect(contentSecurityPolicy("n", production)).not.toContain("unsafe-eval");
  });

  it("upgrades requests and sends HSTS only when the portal is served over https", () => {
    expect(pageSecurityHeaders("n", production)).not.toHaveProperty("strict-transport-security");
    expect(pageSecurityHeaders("n", parseEnv({}))).not.toHaveProperty("strict-transport-security");
    expect(pageSecurityHeaders("n", overHttps)).toMatchObject({
      "strict-transport-security": "max-age=31536000; includeSubDomains",
    });
    expect(directives(contentSecurityPolicy("n", overHttps)).has("upgrade-insecure-requests")).toBe(true);
  });
});

describe("newNonce", () => {
  it("is 16 random bytes in base64, new every time, in the form Next.js reads from the header", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const n of nonces) {
      expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(n, "base64")).toHaveLength(16);
    }
  });
});

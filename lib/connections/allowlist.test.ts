import { describe, expect, it } from "vitest";
import { parseEnv, partnerBaseUrlAllowlist } from "@/lib/config/env";
import { API_PATH, TOKEN_PATH } from "@/partner-api/paths";
import {
  assertBaseUrlAllowed,
  BaseUrlNotAllowedError,
  baseUrlAllowed,
  NOT_ON_LIST,
  notAllowedMessage,
} from "./allowlist";

const listOf = (vars: Record<string, string>) => partnerBaseUrlAllowlist(parseEnv(vars));

describe("PARTNER_BASE_URL_ALLOWLIST", () => {
  const valid: [string, string, string[]][] = [
    ["one origin", "https://partner.example.org", ["https://partner.example.org"]],
    [
      "several, with spaces and a trailing slash",
      " https://a.example.org/ , http://127.0.0.1:3100",
      ["https://a.example.org", "http://127.0.0.1:3100"],
    ],
    [
      "spelled as URL.origin spells it: host lower case, default port dropped",
      "HTTPS://Partner.Example.ORG:443",
      ["https://partner.example.org"],
    ],
    ["duplicates once", "http://127.0.0.1:9,http://127.0.0.1:9/", ["http://127.0.0.1:9"]],
    ["a path, ending in one slash", "https://Partner.example.org/fhir", ["https://partner.example.org/fhir/"]],
    [
      "a path as the URL parser resolves it",
      "https://p.example.org/a/./b/../api//,https://q.example.org/%2e%2e/api",
      ["https://p.example.org/a/api/", "https://q.example.org/api/"],
    ],
  ];
  it.each(valid)("parses %s", (_name, value, origins) => {
    expect(listOf({ PARTNER_BASE_URL_ALLOWLIST: value })).toEqual(origins);
  });

  const invalid: [string, string][] = [
    ["an escaped slash in the path", "https://partner.example.org/api%2Fv2/"],
    ["an escaped backslash in the path", "https://partner.example.org/api%5cv2/"],
    ["a fragment", "https://partner.example.org/api#x"],
    ["a query", "https://partner.example.org?x=1"],
    ["a user name", "https://user@partner.example.org"],
    ["another scheme", "ftp://partner.example.org"],
    ["not a URL", "partner.example.org"],
    ["one bad entry among good ones", "https://a.example.org,internal"],
    ["only commas", " , "],
  ];
  it.each(invalid)("refuses %s, naming the variable", (_name, value) => {
    expect(() => parseEnv({ PARTNER_BASE_URL_ALLOWLIST: value })).toThrow(
      /PARTNER_BASE_URL_ALLOWLIST: .*(not an origin|no origin given)/,
    );
  });

  it("defaults to the built-in partner service's origin, and in demo mode the demo connection's", () => {
    expect(listOf({})).toEqual(["http://localhost:3000"]);
    expect(listOf({ PORT: "3100", PUBLIC_BASE_URL: "https://portal.example.org/base/" })).toEqual([
      "https://portal.example.org",
    ]);
    expect(listOf({ DEMO_PARTNER_BASE_URL: "http://partner.internal:8080" })).toEqual(["http://localhost:3000"]);
    expect(listOf({ DEMO_MODE: "1", DEMO_PARTNER_BASE_URL: "http://partner.internal:8080/x" })).toEqual([
      "http://localhost:3000",
      "http://partner.internal:8080",
    ]);
    expect(listOf({ DEMO_MODE: "1", PARTNER_BASE_URL_ALLOWLIST: "https://only.example.org" })).toEqual([
      "https://only.example.org",
    ]);
  });
});

describe("base URL checks", () => {
  const allowed = ["https://partner.example.org", "http://127.0.0.1:3100"];
  const cases: [string, boolean][] = [
    ["https://partner.example.org", true],
    ["https://partner.example.org/gateway", true],
    ["https://PARTNER.example.org:443", true],
    ["http://127.0.0.1:3100", true],
    ["http://partner.example.org", false],
    ["https://partner.example.org:8443", false],
    ["https://partner.example.org.evil.example", false],
    ["http://127.0.0.1:3101", false],
    ["http://169.254.169.254", false],
    ["http://localhost:3100", false],
    ["not a url", false],
  ];
  it.each(cases)("%s allowed: %s", (url, ok) => {
    expect(baseUrlAllowed(url, allowed)).toBe(ok);
  });

  it("an entry without a path allows the whole origin", () => {
    expect(baseUrlAllowed("https://partner.example.org/any/depth/", allowed)).toBe(true);
  });

  it("tells an administrator which addresses are allowed and who sets them, and a user only to ask", () => {
    expect(notAllowedMessage(allowed, "admin")).toBe(
      "This portal may connect only to partner services at https://partner.example.org, http://127.0.0.1:3100. " +
        "An administrator sets these addresses with PARTNER_BASE_URL_ALLOWLIST.",
    );
    expect(notAllowedMessage(allowed, "user")).toBe(
      "This address is not on the portal's list of partner services; ask your administrator.",
    );
    expect(NOT_ON_LIST).not.toMatch(/127\.0\.0\.1|partner\.example|ALLOWLIST/);
  });

  it("refuses a stored address with an error that carries the facts, not the list in its message", () => {
    expect(() => assertBaseUrlAllowed("http://10.0.0.5:8080", allowed)).toThrow(BaseUrlNotAllowedError);
    // The error carries the facts; the page words them (components/feedback/error-advice.ts).
    expect(() => assertBaseUrlAllowed("http://10.0.0.5:8080", allowed)).toThrow(
      expect.objectContaining({ baseUrl: "http://10.0.0.5:8080", allowed }),
    );
    expect(() => assertBaseUrlAllowed("http://10.0.0.5:8080", allowed)).not.toThrow(/partner\.example/);
    expect(() => assertBaseUrlAllowed("https://partner.example.org", allowed)).not.toThrow();
  });
});

describe("an entry with a path allows only URLs under it, segment by segment", () => {
  const allowed = listOf({ PARTNER_BASE_URL_ALLOWLIST: "https://partner.example/api/,http://127.0.0.1:3100" });
  const under: string[] = [
    "https://partner.example/api",
    "https://partner.example/api/",
    "https://partner.example/api/v2",
    "https://PARTNER.example:443/api/v2/",
    "https://partner.example/x/../api/v2",
    // An escape of a letter is the letter: the service reads the same path.
    "https://partner.example/%61pi/v2",
  ];
  const outside: string[] = [
    "https://partner.example",
    "https://partner.example/",
    "https://partner.example/api-evil",
    "https://partner.example/apiv2",
    "https://partner.example/API/v2",
    "https://partner.example/other/api",
    "https://partner.example/api/../admin",
    "https://partner.example/api/%2e%2e/admin",
    "https://partner.example/api/.%2E/admin",
    "https://partner.example/api\\..\\admin",
    "https://partner.example/api/..%2fadmin",
    "https://partner.example/api%2F..%2Fadmin",
    "https://partner.example/api/..%5Cadmin",
    "https://partner.example/api/%zz",
    "http://partner.example/api/v2",
    "https://partner.example:8443/api/v2",
    "https://partner.example.evil/api",
    "https://user@partner.example/api",
    "https://partner.example/api?next=/../admin",
    "https://partner.example/api#x",
    "file:///api",
  ];
  it.each(under)("%s is allowed", (url) => expect(baseUrlAllowed(url, allowed)).toBe(true));
  it.each(outside)("%s is not", (url) => expect(baseUrlAllowed(url, allowed)).toBe(false));

  it.each(under)("every request the client makes from %s stays under the entry", (base) => {
    // The client appends these paths to the base URL as text (lib/partner-client/client.ts, token.ts).
    for (const path of [`${API_PATH}/Patient?_count=1`, TOKEN_PATH]) {
      const url = new URL(`${base.replace(/\/+$/, "")}${path}`);
      expect(baseUrlAllowed(`${url.origin}${url.pathname}`, allowed)).toBe(true);
    }
  });
});

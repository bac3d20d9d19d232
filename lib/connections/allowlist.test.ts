import { describe, expect, it } from "vitest";
import { parseEnv, partnerBaseUrlAllowlist } from "@/lib/config/env";
import { assertBaseUrlAllowed, BaseUrlNotAllowedError, baseUrlAllowed, notAllowedMessage } from "./allowlist";

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
  ];
  it.each(valid)("parses %s", (_name, value, origins) => {
    expect(listOf({ PARTNER_BASE_URL_ALLOWLIST: value })).toEqual(origins);
  });

  const invalid: [string, string][] = [
    ["a path", "https://partner.example.org/fhir"],
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

  it("says which addresses are allowed and who sets them", () => {
    expect(notAllowedMessage(allowed)).toBe(
      "This portal may connect only to partner services at https://partner.example.org, http://127.0.0.1:3100. " +
        "An administrator sets these addresses with PARTNER_BASE_URL_ALLOWLIST.",
    );
    expect(() => assertBaseUrlAllowed("http://10.0.0.5:8080", allowed)).toThrow(BaseUrlNotAllowedError);
    // The error carries the facts; the page words them (components/feedback/error-advice.ts).
    expect(() => assertBaseUrlAllowed("http://10.0.0.5:8080", allowed)).toThrow(
      expect.objectContaining({ baseUrl: "http://10.0.0.5:8080", allowed }),
    );
    expect(() => assertBaseUrlAllowed("https://partner.example.org", allowed)).not.toThrow();
  });
});

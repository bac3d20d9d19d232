import { describe, expect, it } from "vitest";
import { PartnerClient } from "@/lib/partner-client/client";
import { cacheCredentials, entryKey, identityKey, parseKey } from "./cache-keys";

const creds = { baseUrl: "http://p.test", partnerId: "P", clientId: "a", clientSecret: "s" };

describe("cache keys and the base URL", () => {
  it.each([
    ["http://p.test/", "http://p.test"],
    ["HTTP://P.TEST", "http://p.test"],
    ["http://p.test:80", "http://p.test"],
    ["https://p.test:8443/partner/", "https://p.test:8443/partner"],
  ])("spells %s as %s", (given, spelled) => {
    expect(cacheCredentials({ ...creds, baseUrl: given }).baseUrl).toBe(spelled);
  });

  it("keys by exactly the base URL the client puts before its paths", () => {
    const normal = cacheCredentials({ ...creds, baseUrl: "HTTP://P.TEST/partner/" });
    const client = new PartnerClient(normal);
    const key = parseKey(entryKey(normal, "ONC-101", "Group"));
    expect(client.searchUrl("Group", "ONC-101").startsWith(`${key.baseUrl}/svc-apim/`)).toBe(true);
  });

  it("keeps addresses that differ apart", () => {
    const at = (baseUrl: string) => identityKey(cacheCredentials({ ...creds, baseUrl }));
    expect(at("http://p.test/a")).not.toBe(at("http://p.test/b"));
    expect(at("http://p.test")).not.toBe(at("https://p.test"));
    expect(at("http://p.test:8080")).not.toBe(at("http://p.test"));
  });
});

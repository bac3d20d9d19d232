import { describe, expect, it } from "vitest";
import { clientAddress, PEER_HEADER, PEER_TOKEN_HEADER, sourceKey } from "./client-address";
import { fromPeer } from "./testing";

const headers = (h: Record<string, string>) => new Headers(h);

describe("clientAddress", () => {
  it("reads the header the server script writes (server/serve.test.ts checks the script writes this one)", () => {
    expect(clientAddress(headers(fromPeer("203.0.113.7")))).toBe("203.0.113.7");
  });

  it("ignores X-Forwarded-For unless proxies are trusted: a client cannot choose its address", () => {
    expect(clientAddress(headers({ ...fromPeer("203.0.113.7"), "x-forwarded-for": "198.51.100.1" }))).toBe(
      "203.0.113.7",
    );
  });

  it("ignores a peer header without the server script's token: next dev, next start, or a forged token", () => {
    fromPeer("10.0.0.1"); // the process has a token, as under the server script
    expect(clientAddress(headers({ [PEER_HEADER]: "198.51.100.1" }))).toBe("unknown");
    expect(clientAddress(headers({ [PEER_HEADER]: "198.51.100.1", [PEER_TOKEN_HEADER]: "guess" }))).toBe("unknown");
    expect(clientAddress(headers({ [PEER_HEADER]: "198.51.100.1", [PEER_TOKEN_HEADER]: "" }))).toBe("unknown");
  });

  it("behind n trusted proxies takes the n-th entry from the right", () => {
    const h = headers({ [PEER_HEADER]: "10.0.0.2", "x-forwarded-for": "6.6.6.6, 198.51.100.9, 10.0.0.1" });
    expect(clientAddress(h, 1)).toBe("10.0.0.1");
    expect(clientAddress(h, 2)).toBe("198.51.100.9");
    expect(clientAddress(headers({ "x-forwarded-for": "198.51.100.9" }), 2)).toBe("unknown");
  });

  it("is 'unknown' without the server script, and for anything too long to be an address", () => {
    expect(clientAddress(headers({}))).toBe("unknown");
    expect(clientAddress(headers(fromPeer("x".repeat(65))))).toBe("unknown");
  });
});

describe("source key", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["unknown", "unknown"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:ffff:0:0:3", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["1::2:3:4:5:6:7", "1:0:2:3::/64"],
    ["1::2:3:4:5:1.2.3.4", "1:0:2:3::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
  ])("%s counts as %s", (address, key) => {
    expect(sourceKey(address)).toBe(key);
  });
});

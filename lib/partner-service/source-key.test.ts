import { describe, expect, it } from "vitest";
import { sourceKey } from "./source-key";

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

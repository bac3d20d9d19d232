import { describe, expect, it } from "vitest";
import { safeCallbackUrl } from "./callback-url";

describe("after sign-in", () => {
  it("returns only to paths on this site", () => {
    expect(safeCallbackUrl("/settings/connections?x=1")).toBe("/settings/connections?x=1");
    for (const bad of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "",
      undefined,
      ["/a"],
      "/signin",
      "/api/auth/signout",
      "/\t/evil.example",
      "/\n/evil.example",
      "/ /evil.example",
      "/x\\..\\\\evil.example",
    ]) {
      expect(safeCallbackUrl(bad)).toBe("/");
    }
  });
});

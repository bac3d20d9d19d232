import { describe, expect, it } from "vitest";
import { safeCallbackUrl, signInErrorMessage } from "./callback-url";

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

  it("puts next-auth's error codes in words", () => {
    expect(signInErrorMessage("CredentialsSignin")).toBe("Email or password is wrong.");
    expect(signInErrorMessage("OAuthCallback")).toMatch(/Single sign-on/);
    expect(signInErrorMessage(undefined)).toBeUndefined();
    expect(signInErrorMessage("<script>")).toBe("Sign-in did not succeed. Try again.");
  });
});

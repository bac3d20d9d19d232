import { describe, expect, it } from "vitest";
import { ACCOUNT_AWAITS_APPROVAL, NOT_ADMITTED } from "./oidc-admission";
import { SIGN_IN_BUSY } from "./password-check-limiter";
import { signInErrorMessage } from "./sign-in-messages";
import { SIGN_IN_UNCOUNTED, TOO_MANY_FROM_ADDRESS } from "./sign-in-throttle";

describe("sign-in messages", () => {
  it("puts next-auth's error codes in words", () => {
    expect(signInErrorMessage("CredentialsSignin")).toBe("Email or password is wrong.");
    expect(signInErrorMessage("OAuthCallback")).toMatch(/Single sign-on/);
    expect(signInErrorMessage(undefined)).toBeUndefined();
    expect(signInErrorMessage("<script>")).toBe("Sign-in did not succeed. Try again.");
    expect(signInErrorMessage("toString")).toBe("Sign-in did not succeed. Try again.");
  });

  it("says what to do after each of the portal's own refusals", () => {
    expect(signInErrorMessage(TOO_MANY_FROM_ADDRESS)).toMatch(
      /^Too many failed sign-ins from your network address\. Wait 15 minutes/,
    );
    expect(signInErrorMessage(SIGN_IN_BUSY)).toBe("Too many sign-ins at once. Try again in a moment.");
    expect(signInErrorMessage(SIGN_IN_UNCOUNTED)).toBe(
      "The server cannot count sign-in attempts just now, so it did not check this one. Try again shortly.",
    );
    expect(signInErrorMessage(ACCOUNT_AWAITS_APPROVAL)).toMatch(
      /^Your account waits for an administrator's approval\./,
    );
    expect(signInErrorMessage(NOT_ADMITTED)).toMatch(/this portal does not admit your account/);
  });
});

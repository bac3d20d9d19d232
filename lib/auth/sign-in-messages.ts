/**
 * What the sign-in page says for each of next-auth's error codes and for the
 * portal's own refusals (thrown from the credentials check). No server
 * imports: the sign-in form uses it in the browser.
 */

import { ACCOUNT_AWAITS_APPROVAL, NOT_ADMITTED } from "./oidc-admission";
import { SIGN_IN_BUSY } from "./password-check-limiter";
import { SIGN_IN_UNCOUNTED, TOO_MANY_FROM_ADDRESS } from "./sign-in-throttle";

const MESSAGES: Record<string, string> = {
  CredentialsSignin: "Email or password is wrong.",
  AccessDenied: "This account may not sign in. Ask an administrator.",
  SessionRequired: "Sign in to continue.",
  [TOO_MANY_FROM_ADDRESS]:
    "Too many failed sign-ins from your network address. Wait 15 minutes and try again, or ask an administrator.",
  [SIGN_IN_BUSY]: "Too many sign-ins at once. Try again in a moment.",
  [SIGN_IN_UNCOUNTED]:
    "The server cannot count sign-in attempts just now, so it did not check this one. Try again shortly.",
  [ACCOUNT_AWAITS_APPROVAL]: "Your account waits for an administrator's approval. Ask an administrator to enable it.",
  [NOT_ADMITTED]:
    "Single sign-on worked, but this portal does not admit your account (its email domain or groups). " +
    "Ask an administrator.",
};

/** A code (from /signin?error=... or the form's sign-in call) in words; undefined for no code. */
export function signInErrorMessage(code: unknown): string | undefined {
  if (typeof code !== "string" || !code) return undefined;
  if (Object.hasOwn(MESSAGES, code)) return MESSAGES[code];
  if (code.startsWith("OAuth") || code === "Callback")
    return "Single sign-on did not succeed. Try again, or ask an administrator.";
  return "Sign-in did not succeed. Try again.";
}

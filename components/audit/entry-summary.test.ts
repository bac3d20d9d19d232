import { describe, expect, it } from "vitest";
import { entrySummary } from "./entry-summary";

const row = (action: string, details: unknown) => ({ action, details: JSON.stringify(details) });

describe("an audit entry in words", () => {
  it.each([
    [row("auth.sign_in", { method: "password" }), "Signed in (password)."],
    [
      row("auth.sign_in_failed", { method: "password", reason: "wrong_password", account: 4 }),
      "Sign-in refused (password): wrong password; the e-mail typed is that of user 4.",
    ],
    [
      row("auth.sign_in_failed", { method: "password", reason: "throttled_address", account: null, unrecorded: 12 }),
      "Sign-in refused (password): throttled address; " +
        "12 more such refusals from this source since the last entry of it.",
    ],
    [
      row("study.load", { kind: "laboratory", records: 12500, received: 12503, refused: 3 }),
      "Loaded 12,500 laboratory records (12,503 received, 3 refused by the checks).",
    ],
    [
      row("connection.update", { name: "N", fields: ["name", "clientSecret"] }),
      'Connection "N" saved; changed: name, clientSecret.',
    ],
    [
      row("user.role", {
        user: { id: 3, email: "c@example.org" },
        operator: { via: "cli", osUser: "root" },
        from: "user",
        to: "admin",
      }),
      "Role of c@example.org (user 3) changed from user to admin on the command line (operating-system account root).",
    ],
    [
      row("user.add", { user: { id: 9, email: "new@example.org" }, operator: { via: "oidc" }, role: "user" }),
      "Account new@example.org (user 9) added as user by its first single sign-on.",
    ],
    [
      row("access.refused", { reason: "admin_only", via: "admin_page", page: "/admin/audit" }),
      "Refused (admin page /admin/audit): admin only.",
    ],
    [
      row("access.refused", { reason: "study_not_listed", via: "study_page", unrecorded: 2999 }),
      "Refused (study page): study not listed; 2,999 more such refusals of this user since the last entry of it.",
    ],
    [row("constructor", {}), "Action constructor."],
    [{ action: "auth.sign_out", details: "{broken" }, "Details unreadable (run npm run audit -- verify)."],
  ])("%j", (r, expected) => {
    expect(entrySummary(r)).toBe(expected);
  });
});

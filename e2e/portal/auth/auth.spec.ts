/** Sign-in, sign-out, the signed-out redirect and the session checks on the server. */
import { expect, test } from "@playwright/test";
import { E2E_BASE_URL } from "../../../playwright.config";
import { API_PATH } from "../../api/support/addresses";
import {
  addConnection,
  alert,
  card,
  DEMO,
  NORTHSTAR,
  removeConnection,
  signIn,
  submitSignIn,
} from "../../support/portal";
import { createUser, usersCommand } from "../../support/server";

test.describe("signed out", () => {
  for (const path of ["/", "/settings/connections"]) {
    test(`a visitor of ${path} is sent to /signin`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/signin(\?|$)/);
      await expect(page.getByRole("heading", { name: "Sign in to Study Portal" })).toBeVisible();
    });
  }

  test("the partner API and next-auth's routes are not redirected", async ({ request }) => {
    const api = await request.get(`${API_PATH}/Group?researchstudy=ONC-101`, { maxRedirects: 0 });
    expect(api.status()).toBe(401);
    const session = await request.get("/api/auth/session", { maxRedirects: 0 });
    expect(session.status()).toBe(200);
    expect(await session.json()).toEqual({});
  });

  test("the sign-in page has labelled fields and the demo banner", async ({ page }) => {
    await page.goto("/signin");
    await expect(page.getByLabel("Email")).toBeVisible();
    await expect(page.getByLabel("Password")).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Demo mode" })).toContainText(DEMO.email);
  });
});

test("a wrong password is refused with a message", async ({ page }) => {
  await page.goto("/signin");
  await submitSignIn(page, { email: DEMO.email, password: "not-the-password" });
  await expect(alert(page, "Email or password is wrong.")).toBeVisible();
  await expect(page).toHaveURL(/\/signin/);
});

test("failed sign-ins never lock an email out: after three, the right password still signs in", async ({ page }) => {
  // An account of its own, so that no other test's (or earlier run's) sign-ins share its count.
  const user = createUser("throttled");
  await page.goto("/signin");
  for (let i = 0; i < 3; i++) {
    await submitSignIn(page, { email: user.email, password: `wrong-${i}` });
    await expect(alert(page, "Email or password is wrong.")).toBeVisible();
  }
  // Held a second on the server (lib/auth/sign-in-throttle.ts), then compared and let in.
  await submitSignIn(page, user);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("user-email")).toHaveText(user.email);
});

test("the demo user signs in, sees the shell and signs out", async ({ page }) => {
  await signIn(page, DEMO);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Study Portal" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Settings" })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Demo mode" })).toBeVisible();

  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings\/connections$/);
  await expect(page.getByRole("heading", { name: "Demo partner service (Northstar)" })).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.goto("/settings/connections");
  await expect(page).toHaveURL(/\/signin/);
});

test("signing out ends the session on the server: a copy of its cookie taken before is refused", async ({
  page,
  browser,
}) => {
  const user = createUser("copied-cookie");
  await signIn(page, user);
  const sessionCookies = (await page.context().cookies()).filter((c) => c.name.includes("session-token"));
  expect(sessionCookies).toHaveLength(1);
  // The copy, in a browser context of its own, works while the session lasts (and its page refreshes its cookie).
  const elsewhere = await browser.newContext({ baseURL: E2E_BASE_URL });
  try {
    await elsewhere.addCookies(sessionCookies);
    const copy = await elsewhere.newPage();
    await copy.goto("/settings/connections");
    await expect(copy.getByTestId("user-email")).toHaveText(user.email);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/signin$/);

    await copy.goto("/settings/connections");
    await expect(copy).toHaveURL(/\/signin/);
    expect(await (await copy.request.get("/api/auth/session")).json()).toEqual({});
  } finally {
    await elsewhere.close();
  }
});

test("after sign-in the visitor returns to the page they asked for", async ({ page }) => {
  await page.goto("/settings/connections");
  await expect(page).toHaveURL(/callbackUrl=%2Fsettings%2Fconnections/);
  await submitSignIn(page, DEMO);
  await expect(page).toHaveURL(/\/settings\/connections$/);
});

test("a forged or stale session cookie is no session", async ({ page, context }) => {
  await context.addCookies([{ name: "next-auth.session-token", value: "forged", url: E2E_BASE_URL }]);
  await page.goto("/settings/connections");
  await expect(page).toHaveURL(/\/signin/);
});

test("disabling an account ends its session at the next request", async ({ page }) => {
  const user = createUser("disable-me");
  await signIn(page, user);
  usersCommand("disable", user.email);
  await page.goto("/settings/connections");
  await expect(page).toHaveURL(/\/signin/);
  await submitSignIn(page, user);
  await expect(alert(page, "Email or password is wrong.")).toBeVisible();
});

test("a password reset ends the account's open session at the next navigation; the new password signs in", async ({
  page,
}) => {
  const user = createUser("reset-me");
  await signIn(page, user);
  const newPassword = `pw-${Math.random().toString(36).slice(2)}-reset`;
  // As an administrator would, against the server's database while the user is signed in.
  usersCommand("reset-password", user.email, "--password", newPassword);
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByTestId("user-email")).toHaveCount(0);
  // The cookie the browser still holds is no session for the API either.
  expect(await (await page.request.get("/api/auth/session")).json()).toEqual({});
  await signIn(page, { email: user.email, password: newPassword });
  await page.goto("/settings/connections");
  await expect(page).toHaveURL(/\/settings\/connections$/);
});

test("a server action after the session ended goes to /signin and changes nothing", async ({ page, context }) => {
  const user = createUser("expired");
  await signIn(page, user);
  await addConnection(page, { name: "Kept", baseUrl: E2E_BASE_URL, ...NORTHSTAR, studies: "ONC-101" });
  await context.clearCookies();
  await removeConnection(page, card(page, "Kept"), "Kept");
  await expect(page).toHaveURL(/\/signin/);
  await signIn(page, user, "/signin?callbackUrl=%2Fsettings%2Fconnections");
  await expect(card(page, "Kept")).toBeVisible();
});

/**
 * The audit trail in the browser: an administrator (made with the users command, as the demo user is not one)
 * finds a sign-in, a refused sign-in and a connection test a user just made, filters the entries, and pages
 * through them; a user who is not an administrator is refused the page, and that refusal is itself on it; a
 * user's own activity page shows their entries and nobody else's.
 */
import { randomUUID } from "node:crypto";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { E2E_BASE_URL } from "../../../playwright.config";
import { ConnectionsPage } from "../../pages/ConnectionsPage";
import { addConnection, card, NORTHSTAR, signIn, submitSignIn } from "../../support/portal";
import { createUser, usersCommand } from "../../support/server";

test.describe.configure({ mode: "serial" });

const WRONG_PASSWORD = "not-the-password-e2e-7f3a";
let admin: { email: string; password: string };
let user: { email: string; password: string };
let other: { email: string; password: string };

test.beforeAll(() => {
  admin = createUser("audit-admin");
  usersCommand("set-role", admin.email, "admin");
  user = createUser("audit-user");
  other = createUser("audit-other");
});

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, who);
  return page;
}

/** A password sign-in as the sign-in form posts it, without a page: one `auth.sign_in` entry. */
async function signInOverHttp(request: APIRequestContext, who: { email: string; password: string }): Promise<void> {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: who.email, password: who.password, json: "true" },
    maxRedirects: 0,
  });
  expect(res.status(), "a sign-in answers with a redirect").toBeLessThan(400);
}

/** The rows of the audit table: action (its code, and its name as shown), time, who, target, the entry in words. */
async function rows(
  page: Page,
): Promise<{ action: string; name: string; time: string; who: string; target: string; what: string }[]> {
  const table = page.getByRole("table", { name: "Audit entries" });
  await expect(table.or(page.getByText("No entries match."))).toBeVisible();
  return page.locator("table[aria-label='Audit entries'] tbody tr").evaluateAll((trs) =>
    trs.map((tr) => ({
      action: tr.getAttribute("data-action") ?? "",
      name: tr.children[4]?.textContent ?? "",
      time: tr.children[1]?.textContent ?? "",
      who: tr.children[2]?.textContent ?? "",
      target: tr.children[5]?.textContent ?? "",
      what: tr.children[6]?.querySelector("[data-summary]")?.textContent ?? "",
    })),
  );
}

test("the administrators' page shows a sign-in, a refused sign-in and a connection test just made", async ({
  page,
  browser,
}) => {
  await page.goto("/signin");
  await submitSignIn(page, { email: user.email, password: WRONG_PASSWORD });
  await expect(page.getByRole("alert").filter({ hasText: /./ })).toBeVisible();
  await signIn(page, user);
  await addConnection(page, { name: "Audited", baseUrl: E2E_BASE_URL, ...NORTHSTAR, studies: "ONC-101, ONC-102" });
  await new ConnectionsPage(page).test("Audited");
  await expect(card(page, "Audited").getByRole("status").locator('[data-study="ONC-101"]')).toBeVisible();

  const adminPage = await signedIn(browser, admin);
  await adminPage.goto("/admin/audit");
  await adminPage.getByLabel("User").selectOption({ label: user.email });
  await adminPage.getByRole("button", { name: "Apply" }).click();
  await expect(adminPage).toHaveURL(/[?&]user=\d+/);
  const userId = /[?&]user=(\d+)/.exec(adminPage.url())![1];
  const mine = await rows(adminPage);
  expect(mine.map((r) => r.action)).toEqual(["connection.test", "connection.create", "auth.sign_in"]);
  expect(mine.every((r) => r.who.includes(user.email))).toBe(true);
  expect(mine[0].what).toContain("Connection tested: signed in; ONC-101 accessible, ONC-102 forbidden.");
  // Shown by name: the action's, and the connection's (an administrator sees every user's); the time without the T.
  expect(mine.map((r) => [r.name, r.target])).toEqual([
    ["Connection tested", "connection Audited"],
    ["Connection added", "connection Audited"],
    ["Sign-in", ""],
  ]);
  expect(mine.every((r) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(r.time))).toBe(true);

  // The refused sign-in is anonymous: found by its action, naming the account by ID; never the password typed.
  await adminPage.goto("/admin/audit?action=auth.sign_in_failed");
  // Other specs running alongside refuse sign-ins too (throttled accounts, unknown e-mails): this user's is one.
  const failed = await rows(adminPage);
  const ours = `Sign-in refused (password): wrong password; the e-mail typed is that of user ${userId}`;
  expect(failed.filter((r) => r.what.startsWith(ours))).toHaveLength(1);
  expect(await adminPage.content()).not.toContain(WRONG_PASSWORD);
});

test("filters live in the URL, bad values fall back with a note, and pages go older and newer", async ({ browser }) => {
  const page = await signedIn(browser, admin);
  await page.goto("/admin/audit");
  await page.getByLabel("Action").selectOption("connection.test");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/action=connection\.test/);
  const tests = await rows(page);
  expect(tests.length).toBeGreaterThan(0);
  expect(tests.every((r) => r.action === "connection.test")).toBe(true);

  const today = new Date().toISOString().slice(0, 10);
  await page.goto(`/admin/audit?study=${encodeURIComponent("<b>x</b>")}&from=${today}&to=${today}&action=nope`);
  await expect(page.getByRole("status").filter({ hasText: "The study filter was not a study number" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "The action filter was not one" })).toBeVisible();
  expect(await page.content()).not.toContain("<b>x</b>");
  expect((await rows(page)).length).toBeGreaterThan(0);
  await page.goto(`/admin/audit?from=${today}&to=1999-01-01`);
  await expect(page.getByRole("status").filter({ hasText: 'The "from" time is after the "to" time' })).toBeVisible();

  // 55 refused study addresses of one user: one entry a minute per kind of refusal (docs/audit.md), not 55.
  const prober = createUser("audit-prober");
  const probing = await signedIn(browser, prober);
  for (let i = 0; i < 55; i++) {
    const res = await probing.request.get(`/studies/${randomUUID()}/ONC-101`);
    expect(res.status()).toBe(404);
  }
  await page.goto("/admin/audit");
  await page.getByLabel("User").selectOption({ label: prober.email });
  await page.getByLabel("Action").selectOption("access.refused");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("audit-matching")).toHaveText("1 entry matches; newest first.");
  // A connection ID that names none is never shown as a name: the study, then "an unknown connection".
  expect(await rows(page)).toEqual([
    expect.objectContaining({
      what: "Refused (study page): unknown connection.",
      name: "Access refused",
      target: "ONC-101an unknown connection",
    }),
  ]);

  // 55 sign-ins of one user (the browser's and 54 more): a page of 50, then the 5 older ones, and back.
  for (let i = 0; i < 54; i++) await signInOverHttp(probing.request, prober);
  await page.getByLabel("Action").selectOption("auth.sign_in");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("audit-matching")).toHaveText("55 entries match; newest first.");
  const first = await rows(page);
  expect(first).toHaveLength(50);
  expect(new Set(first.map((r) => r.what))).toEqual(new Set(["Signed in (password)."]));
  await page.getByRole("link", { name: "Older →" }).click();
  await expect(page).toHaveURL(/older=\d+/);
  expect(await rows(page)).toHaveLength(5);
  await expect(page.getByRole("link", { name: "Older →" })).toHaveCount(0);
  await page.getByRole("link", { name: "← Newer" }).click();
  await expect(page).toHaveURL(/newer=\d+/);
  expect(await rows(page)).toEqual(first);
});

test("a user who is not an administrator is refused the page, and the refusal is recorded", async ({ browser }) => {
  const page = await signedIn(browser, other);
  const answer = await page.goto("/admin/audit");
  // Not found, as any page the user may not see: its status and its title do not tell that the page exists.
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page).not.toHaveTitle(/Audit/);
  await expect(page.getByRole("table", { name: "Audit entries" })).toHaveCount(0);

  const adminPage = await signedIn(browser, admin);
  await adminPage.goto("/admin/audit?action=access.refused");
  const refused = (await rows(adminPage)).filter((r) => r.who.includes(other.email));
  expect(refused.map((r) => r.what)).toEqual(["Refused (admin page /admin/audit): admin only."]);
});

test("a user's activity page shows their own entries only, whatever the URL asks", async ({ browser }) => {
  const page = await signedIn(browser, user);
  await page.goto("/settings/connections");
  await page.getByRole("link", { name: "Your activity" }).click();
  await expect(page).toHaveURL(/\/settings\/activity$/);
  const mine = await rows(page);
  expect(mine.length).toBeGreaterThanOrEqual(4);
  expect(mine.every((r) => r.who.includes(user.email))).toBe(true);
  await expect(page.getByLabel("User")).toHaveCount(0);

  // Another user's ID in the URL changes nothing: still only this user's entries.
  await page.goto("/settings/activity?user=1&user=none");
  const still = await rows(page);
  expect(still.every((r) => r.who.includes(user.email))).toBe(true);
  expect(await page.content()).not.toContain(admin.email);
  expect(await page.content()).not.toContain(other.email);
});

test("a sign-out, and a session the server ended after a password reset, are on the trail", async ({ browser }) => {
  const who = createUser("audit-sessions");
  const page = await signedIn(browser, who);
  // As ../auth/auth.spec.ts does: from a page whose client components are running.
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/connections$/);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin/);
  const again = await signedIn(browser, who);
  usersCommand("reset-password", who.email, "--password", "a-new-long-password-e2e");
  await again.goto("/settings/connections");
  await expect(again).toHaveURL(/\/signin/);

  const adminPage = await signedIn(browser, admin);
  await adminPage.goto("/admin/audit");
  await adminPage.getByLabel("User").selectOption({ label: who.email });
  await adminPage.getByRole("button", { name: "Apply" }).click();
  expect((await rows(adminPage)).map((r) => [r.action, r.what])).toEqual([
    ["auth.session_ended", "Session ended by the server: sessions ended."],
    ["auth.sign_in", "Signed in (password)."],
    ["auth.sign_out", "Signed out."],
    ["auth.sign_in", "Signed in (password)."],
  ]);
  // The request's source address is known to the server script (server/serve.mjs): loopback here.
  const from = await adminPage
    .locator("table[aria-label='Audit entries'] tbody tr")
    .evaluateAll((trs) => trs.map((tr) => tr.children[3]?.textContent));
  expect(from.every((a) => a === "127.0.0.1" || a === "::ffff:127.0.0.1")).toBe(true);
});

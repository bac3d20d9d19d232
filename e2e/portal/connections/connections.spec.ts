/**
 * Partner connections: adding, testing against the built-in partner service,
 * editing without seeing the secret, and one user never reaching another's
 * connection, through the pages, guessed URLs or tampered server-action forms.
 */
import { expect, type Page, test } from "@playwright/test";
import { E2E_BASE_URL } from "../../../playwright.config";
import { ConnectionsPage } from "../../pages/ConnectionsPage";
import {
  addConnection,
  alert,
  card,
  fillConnection,
  NORTHSTAR,
  removeConnection,
  rscPayload,
  signIn,
} from "../../support/portal";
import { createUser, subjectCount } from "../../support/server";

test.describe.configure({ mode: "serial" });

const WRONG_SECRET = "wrong-secret-e2e-5b1d9c";
const alice = { user: { email: "", password: "" }, id: "" };
const bob = { user: { email: "", password: "" }, id: "" };
const ALICE_CONNECTION = "Alice Northstar";

test.beforeAll(() => {
  alice.user = createUser("alice");
  bob.user = createUser("bob");
});

/** Every response body the page receives (documents, RSC and server-action answers). */
function recordResponses(page: Page): string[] {
  const bodies: string[] = [];
  page.on("response", async (res) => {
    if (!res.url().startsWith(E2E_BASE_URL) || res.url().includes("/_next/static/")) return;
    try {
      bodies.push(await res.text());
    } catch {
      // Redirects have no body.
    }
  });
  return bodies;
}

test("a user adds a connection to the built-in service and tests it", async ({ page }) => {
  const bodies = recordResponses(page);
  await signIn(page, alice.user);
  alice.id = await addConnection(page, {
    name: ALICE_CONNECTION,
    baseUrl: E2E_BASE_URL,
    ...NORTHSTAR,
    studies: "ONC-101, ONC-102",
  });
  const c = card(page, ALICE_CONNECTION);
  await expect(c).toContainText("ONC-101, ONC-102");
  const status = await new ConnectionsPage(page).test(ALICE_CONNECTION);
  await expect(status.locator('[data-study="ONC-101"]')).toHaveText(
    `ONC-101: accessible, ${subjectCount("ONC-101")} subjects`,
  );
  await expect(status.locator('[data-study="ONC-102"]')).toContainText("ONC-102: forbidden.");
  // A study that answered leads to its records; a refused one leads nowhere.
  await expect(status.locator('[data-study="ONC-101"]').getByRole("link", { name: "ONC-101" })).toHaveAttribute(
    "href",
    /^\/studies\/[0-9a-f-]{36}\/ONC-101$/,
  );
  await expect(status.locator('[data-study="ONC-102"]').getByRole("link")).toHaveCount(0);
  // The study page's sentence for the same fact (components/feedback/error-advice.ts words both).
  await expect(status.locator('[data-study="ONC-102"]')).toContainText(
    "The partner service does not grant partner NORTHSTAR access to study ONC-102.",
  );
  for (const body of bodies) expect(body).not.toContain(NORTHSTAR.clientSecret);
});

test("Remove asks first: Cancel and Escape keep the connection, focus back on Remove", async ({ page }) => {
  await signIn(page, alice.user);
  await page.goto("/settings/connections");
  const remove = card(page, ALICE_CONNECTION).getByRole("button", { name: "Remove", exact: true });
  const dialog = page.getByRole("alertdialog", { name: `Remove the connection \u201c${ALICE_CONNECTION}\u201d?` });
  await remove.click();
  await expect(dialog).toContainText("Its stored client secret is deleted too");
  // An alert dialog starts on its least destructive button.
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeFocused();
  await remove.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(card(page, ALICE_CONNECTION)).toHaveCount(1);
});

test("the form explains invalid input and keeps what was typed", async ({ page }) => {
  await signIn(page, alice.user);
  await page.goto("/settings/connections/new");
  await fillConnection(page, {
    name: "Broken",
    baseUrl: "ftp://partner.example",
    partnerId: "NORTHSTAR",
    clientId: "x",
    clientSecret: "s",
    studies: "ONC-101, ON!C",
  });
  await page.getByRole("button", { name: "Add connection" }).click();
  await expect(alert(page, "The connection was not saved")).toBeVisible();
  await expect(page.getByText("starting with https://")).toBeVisible();
  await expect(page.getByText("Study numbers have letters, digits")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Broken");
  await expect(page.getByLabel("Client secret")).toHaveValue("");
});

test("a base URL outside the allow-list is refused, telling a user to ask an administrator", async ({ page }) => {
  await signIn(page, alice.user);
  await page.goto("/settings/connections/new");
  await fillConnection(page, {
    name: "Metadata service",
    baseUrl: "http://169.254.169.254",
    ...NORTHSTAR,
    studies: "ONC-101",
  });
  await page.getByRole("button", { name: "Add connection" }).click();
  await expect(alert(page, "The connection was not saved")).toBeVisible();
  await expect(
    page.getByText("This address is not on the portal's list of partner services; ask your administrator."),
  ).toBeVisible();
  // The list is the deployment's: an ordinary user is not shown it.
  expect(await page.content()).not.toContain("PARTNER_BASE_URL_ALLOWLIST");
  await expect(page.getByLabel("Base URL", { exact: true })).toHaveValue("http://169.254.169.254");
  await page.goto("/settings/connections");
  await expect(card(page, "Metadata service")).toHaveCount(0);
});

test("the edit form never shows the secret; blank keeps it, a wrong one is reported plainly", async ({ page }) => {
  const bodies = recordResponses(page);
  await signIn(page, alice.user);
  await page.goto(`/settings/connections/${alice.id}/edit`);
  await expect(page.getByLabel("Client secret")).toHaveValue("");
  await expect(page.getByText(/^Leave blank to keep the stored secret/)).toBeVisible();
  await expect(page.getByLabel("Partner ID")).toHaveValue("NORTHSTAR");

  // Saved with a blank secret: the stored secret still works.
  await fillConnection(page, { studies: "ONC-101 ONC-102 CARD-201" });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/settings\/connections$/);
  const c = card(page, ALICE_CONNECTION);
  await new ConnectionsPage(page).test(ALICE_CONNECTION);
  await expect(c.getByRole("status").locator('[data-study="CARD-201"]')).toContainText("accessible");

  // A new, wrong secret replaces it, and the test says so in words.
  await page.goto(`/settings/connections/${alice.id}/edit`);
  await fillConnection(page, { clientSecret: WRONG_SECRET });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/settings\/connections$/);
  await new ConnectionsPage(page).test(ALICE_CONNECTION);
  await expect(c.getByRole("status")).toContainText(
    "The partner service rejected this connection's client ID or secret",
  );

  // Neither secret is in any page, payload or action answer.
  for (const path of ["/", "/settings/connections", `/settings/connections/${alice.id}/edit`]) {
    await page.goto(path);
    const html = await page.content();
    const rsc = await rscPayload(page, path);
    expect(rsc).toContain(ALICE_CONNECTION);
    for (const text of [html, rsc]) {
      expect(text).not.toContain(WRONG_SECRET);
      expect(text).not.toContain(NORTHSTAR.clientSecret);
    }
  }
  for (const body of bodies) {
    expect(body).not.toContain(WRONG_SECRET);
    expect(body).not.toContain(NORTHSTAR.clientSecret);
  }

  // Put the right secret back for the isolation checks below.
  await page.goto(`/settings/connections/${alice.id}/edit`);
  await fillConnection(page, { clientSecret: NORTHSTAR.clientSecret });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/settings\/connections$/);
});

test("another user sees none of it: not listed, not by URL, not through tampered forms", async ({ page }) => {
  await signIn(page, bob.user);
  await page.goto("/settings/connections");
  await expect(page.getByText(ALICE_CONNECTION)).toHaveCount(0);
  await expect(page.getByText("You have no connections yet.")).toBeVisible();
  await page.goto("/");
  await expect(page.getByText(ALICE_CONNECTION)).toHaveCount(0);

  // A guessed ID in the URL is the same "not found" as one that never existed.
  const guessed = await page.goto(`/settings/connections/${alice.id}/edit`);
  expect(guessed?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "No such connection" })).toBeVisible();
  const unknown = await page.goto("/settings/connections/00000000-0000-4000-8000-000000000000/edit");
  expect(unknown?.status()).toBe(404);
  expect(await rscPayload(page, `/settings/connections/${alice.id}/edit`)).not.toContain(ALICE_CONNECTION);

  // Bob's own connection gives him forms; he points their hidden IDs at Alice's connection.
  bob.id = await addConnection(page, {
    name: "Bob Northstar",
    baseUrl: E2E_BASE_URL,
    ...NORTHSTAR,
    studies: "ONC-101",
  });
  const setHiddenIds = (scope: ReturnType<typeof card> | Page) =>
    scope.locator('input[type="hidden"][name="id"]').evaluateAll((inputs, id) => {
      for (const i of inputs) (i as HTMLInputElement).value = id;
    }, alice.id);

  const bobs = card(page, "Bob Northstar");
  await setHiddenIds(bobs);
  await new ConnectionsPage(page).test("Bob Northstar");
  await expect(bobs.getByRole("status")).toContainText("No such connection");
  await expect(bobs.getByRole("status")).not.toContainText("accessible");

  await setHiddenIds(bobs);
  await removeConnection(page, bobs, "Bob Northstar");
  await expect(alert(bobs, "No such connection")).toBeVisible();

  await page.goto(`/settings/connections/${bob.id}/edit`);
  await setHiddenIds(page);
  await fillConnection(page, { name: "Hijacked by Bob", clientSecret: "bob-was-here-secret" });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(alert(page, "No such connection")).toBeVisible();
});

test("and nothing of the first user's connection changed", async ({ page }) => {
  await signIn(page, alice.user);
  await page.goto("/settings/connections");
  const c = card(page, ALICE_CONNECTION);
  await expect(c).toContainText("ONC-101, ONC-102, CARD-201");
  await expect(page.getByText("Hijacked by Bob")).toHaveCount(0);
  await new ConnectionsPage(page).test(ALICE_CONNECTION);
  await expect(c.getByRole("status").locator('[data-study="ONC-101"]')).toContainText("accessible");

  // Removing is the owner's to do.
  await removeConnection(page, c, ALICE_CONNECTION);
  await expect(card(page, ALICE_CONNECTION)).toHaveCount(0);
  expect((await page.goto(`/settings/connections/${alice.id}/edit`))?.status()).toBe(404);
});

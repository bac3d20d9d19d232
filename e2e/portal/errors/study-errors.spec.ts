/**
 * What the study page says when the partner service refuses the connection, limits it or cannot be reached, or its
 * address is not allowed.
 */
import { expect, test } from "@playwright/test";
import { RATE_LIMITED_PARTNER_URL, UNREACHABLE_PARTNER_URL } from "../../../playwright.config";
import { ConnectionsPage } from "../../pages/ConnectionsPage";
import { addConnection, card, NORTHSTAR, signIn } from "../../support/portal";
import { createUser, storeConnection } from "../../support/server";

test("a wrong client secret: the study page names the cause and points at Settings", async ({ page, baseURL }) => {
  await signIn(page, createUser("wrong-secret"));
  const id = await addConnection(page, {
    name: "Wrong secret",
    baseUrl: baseURL!,
    ...NORTHSTAR,
    clientSecret: "not-the-secret",
    studies: "ONC-101",
  });
  await page.goto(`/studies/${id}/ONC-101`);
  const alert = page.getByRole("alert", { name: "Sign-in to the partner service failed" });
  await expect(alert).toContainText("rejected this connection's client ID or secret. Check them in Settings.");
  await expect(alert.getByRole("link", { name: /settings/i })).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
});

test("a partner service that cannot be reached: the study page says so and offers Refresh", async ({ page }) => {
  await signIn(page, createUser("unreachable"));
  // Every request fails to connect, retries included.
  const id = await addConnection(page, {
    name: "Unreachable",
    baseUrl: UNREACHABLE_PARTNER_URL,
    ...NORTHSTAR,
    studies: "ONC-101",
  });
  await page.goto(`/studies/${id}/ONC-101`);
  const alert = page.getByRole("alert", { name: "The partner service is unavailable" });
  await expect(alert).toContainText("could not be reached");
  await expect(page.getByRole("button", { name: "Refresh" })).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
});

test("a partner answering 429 to data requests: the page says it limits them, how long to wait, and Refresh", async ({
  page,
}) => {
  await signIn(page, createUser("rate-limited"));
  // A second real server whose partner service answers 429 with Retry-After: 1 to every data request
  // (playwright.config.ts): the client waits and retries as told, runs out of attempts, and the page shows what the
  // last answer said.
  const id = await addConnection(page, {
    name: "Always busy",
    baseUrl: RATE_LIMITED_PARTNER_URL,
    ...NORTHSTAR,
    studies: "ONC-101",
  });
  await page.goto(`/studies/${id}/ONC-101`);
  const alert = page.getByRole("alert", { name: "The partner service is busy" });
  await expect(alert).toContainText("The partner service is limiting requests. Wait 1 second, then press Refresh.");
  await expect(alert.getByRole("button", { name: "Refresh" })).toBeVisible();
  await expect(alert.getByRole("link", { name: /settings/i })).toHaveCount(0);
  await expect(page.getByRole("table")).toHaveCount(0);
});

test("Refresh while the study is loading starts nothing new and says it is already loading", async ({ page }) => {
  const user = createUser("already-loading");
  await signIn(page, user);
  // The always-busy service keeps every load running for several seconds (a 429 with Retry-After: 1, retried).
  const id = await addConnection(page, {
    name: "Busy, loading",
    baseUrl: RATE_LIMITED_PARTNER_URL,
    ...NORTHSTAR,
    studies: "ONC-101",
  });
  const path = `/studies/${id}/ONC-101`;
  await page.goto(path);
  const refresh = page
    .getByRole("alert", { name: "The partner service is busy" })
    .getByRole("button", { name: "Refresh" });
  await expect(refresh).toBeVisible();

  // A second tab opens the study: its load runs while the first tab's Refresh is pressed.
  const other = await page.context().newPage();
  const opening = other.goto(path);
  const loading = async () =>
    ((await (await page.request.get(`${path}/progress`)).json()) as { recordTypes: unknown[] }).recordTypes.length;
  await expect.poll(loading, { intervals: [100] }).toBeGreaterThan(0);
  await refresh.click();
  await expect(page.getByRole("status").filter({ hasText: "Already loading" })).toContainText(
    "Refresh started nothing new",
  );
  await opening;
  await expect(other.getByRole("alert", { name: "The partner service is busy" })).toBeVisible();
});

test("a stored connection whose address is off the allow-list: refused before any request, with what to do", async ({
  page,
}) => {
  const user = createUser("off-list");
  await signIn(page, user);
  // As a connection saved before an administrator narrowed PARTNER_BASE_URL_ALLOWLIST would be (the form refuses
  // this address).
  const id = storeConnection(user.email, { name: "Off the list", baseUrl: "http://127.0.0.1:8", studies: ["ONC-101"] });
  await page.goto(`/studies/${id}/ONC-101`);
  const alert = page.getByRole("alert", { name: "This connection's address is not allowed" });
  // A user is told to ask an administrator, never shown the list itself.
  await expect(alert).toContainText(
    "base URL (http://127.0.0.1:8) is not on the portal's list of partner services. " +
      "Change the base URL in Settings, or ask your administrator.",
  );
  await expect(alert).not.toContainText("PARTNER_BASE_URL_ALLOWLIST");
  await expect(alert.getByRole("link", { name: /settings/i })).toBeVisible();
  await expect(page.getByRole("button", { name: "Refresh" })).toHaveCount(0);

  await page.goto("/settings/connections");
  const c = card(page, "Off the list");
  await new ConnectionsPage(page).test("Off the list");
  await expect(c.getByRole("status")).toContainText(
    "base URL (http://127.0.0.1:8) is not on the portal's list of partner services",
  );
});

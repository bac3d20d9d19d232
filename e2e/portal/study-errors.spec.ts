/** What the study page says when the partner service refuses the connection or cannot be reached. */
import { expect, test } from "@playwright/test";
import { NORTHSTAR, addConnection, createUser, signIn } from "./helpers";

test("a wrong client secret: the study page names the cause and points at Settings", async ({ page, baseURL }) => {
  await signIn(page, createUser("wrong-secret"));
  const id = await addConnection(page, { name: "Wrong secret", baseUrl: baseURL!, partnerId: NORTHSTAR.partnerId, clientId: NORTHSTAR.clientId, clientSecret: "not-the-secret", studies: "ONC-101" });
  await page.goto(`/studies/${id}/ONC-101`);
  const alert = page.getByRole("alert", { name: "Sign-in to the partner service failed" });
  await expect(alert).toContainText("rejected this connection's client ID or secret. Check them in Settings.");
  await expect(alert.getByRole("link", { name: /settings/i })).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
});

test("a partner service that cannot be reached: the study page says so and offers Refresh", async ({ page }) => {
  await signIn(page, createUser("unreachable"));
  // Port 9 (discard) is closed here: every request fails to connect, retries included.
  const id = await addConnection(page, { name: "Unreachable", baseUrl: "http://127.0.0.1:9", partnerId: NORTHSTAR.partnerId, clientId: NORTHSTAR.clientId, clientSecret: NORTHSTAR.clientSecret, studies: "ONC-101" });
  await page.goto(`/studies/${id}/ONC-101`);
  const alert = page.getByRole("alert", { name: "The partner service is unavailable" });
  await expect(alert).toContainText("could not be reached");
  await expect(page.getByRole("button", { name: "Refresh" })).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
});

/**
 * The e2e tests' layout and names (one scheme everywhere):
 * - specs: e2e/portal/<section or concern>/<topic>.spec.ts, e2e/api/, e2e/qa/ (the QA suite);
 * - expected values, computed from the partner API by code of the tests: <topic>.expected.ts beside their spec;
 * - helpers the portal specs share: e2e/support/<what it holds>.ts (no -steps or -helpers suffix);
 * - page objects, shared by the portal specs and the QA suite: e2e/pages/ (HTTP and Playwright only).
 *
 * This file: the portal through its pages, as the portal specs use it: the demo account, the one sign-in (that of
 * the page object SignInPage, which the QA suite uses too), the connection settings (ConnectionsPage), an alert by
 * its text and a page's RSC payload. What is done on the server's side is in ./server.ts.
 */

import { expect, type Locator, type Page } from "@playwright/test";
import { NORTHSTAR as NORTHSTAR_PARTNER } from "../api/support/addresses";
import { type ConnectionFields, ConnectionsPage } from "../pages/ConnectionsPage";
import { SignInPage } from "../pages/SignInPage";

export const DEMO = { email: "demo@studyportal.example", password: "demo-portal-2024!" };
/** The demo partner's connection fields (its studies left out: the form takes them as text). */
const { partnerId, clientId, clientSecret } = NORTHSTAR_PARTNER;
export const NORTHSTAR = { partnerId, clientId, clientSecret };

/**
 * Signs `user` (the demo user by default) in from the sign-in page, or from `from` (the sign-in page with its
 * callbackUrl), and waits for the signed-in shell: SignInPage.signIn, the one sign-in of the e2e tests.
 */
export async function signIn(page: Page, user: { email: string; password: string } = DEMO, from = "/signin") {
  await new SignInPage(page).signIn(user.email, user.password, from);
}

/** Fills the sign-in form on the current page and submits it; the caller waits for what follows. */
export async function submitSignIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await new SignInPage(page).submit(user.email, user.password);
}

/** An alert with this text (Next's route announcer is an empty role=alert too). */
export const alert = (page: Page | Locator, text: string | RegExp) => page.getByRole("alert").filter({ hasText: text });

/** A connection's card on the connection settings page, by its name. */
export function card(page: Page, name: string): Locator {
  return new ConnectionsPage(page).card(name);
}

/**
 * Presses a connection card's "Remove" and confirms in the dialog it opens (an alert dialog naming the connection);
 * the caller waits for what follows.
 */
export async function removeConnection(page: Page, cardOf: Locator, name: string): Promise<void> {
  await cardOf.getByRole("button", { name: "Remove", exact: true }).click();
  const dialog = page.getByRole("alertdialog", { name: `Remove the connection \u201c${name}\u201d?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Remove connection" }).click();
}

export type NewConnection = ConnectionFields;

/** Fills the fields given of the connection form on the current page (the add or the edit form). */
export async function fillConnection(page: Page, c: Partial<NewConnection>): Promise<void> {
  await new ConnectionsPage(page).fill(c);
}

/** Adds a connection through the form and returns its ID. */
export async function addConnection(page: Page, c: NewConnection): Promise<string> {
  return new ConnectionsPage(page).add(c);
}

/** The page as the App Router fetches it on navigation (the RSC payload), with the page's cookies. */
export async function rscPayload(page: Page, path: string): Promise<string> {
  // Next answers an RSC request without its cache-busting `_rsc` parameter with a redirect to add it; follow that
  // one only.
  const res = await page.request.get(path, { headers: { RSC: "1" } });
  expect(new URL(res.url()).pathname, `RSC ${path} was redirected`).toBe(new URL(path, res.url()).pathname);
  expect(res.headers()["content-type"]).toContain("text/x-component");
  return res.text();
}

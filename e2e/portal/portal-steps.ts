/**
 * Shared steps of the portal's browser tests: accounts made with the real
 * users command against the server's database, sign-in through the form,
 * and the connection settings page.
 */

import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Locator, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { NORTHSTAR as NORTHSTAR_PARTNER } from "../api/support/addresses";
import { dbCount } from "../api/support/database";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The server's portal database, as playwright.config.ts's webServer env sets it. */
export const PORTAL_DB_PATH = "data/e2e/portal.db";

export const DEMO = { email: "demo@studyportal.example", password: "demo-portal-2024!" };
/** The demo partner's connection fields (its studies left out: the form takes them as text). */
const { partnerId, clientId, clientSecret } = NORTHSTAR_PARTNER;
export const NORTHSTAR = { partnerId, clientId, clientSecret };

/** A fresh account, created by `npm run users -- add` as an administrator would. */
export function createUser(label: string): { email: string; password: string } {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.example`;
  const password = `pw-${Math.random().toString(36).slice(2)}-long`;
  usersCommand("add", email, "--name", label, "--password", password);
  return { email, password };
}

export function usersCommand(...args: string[]): string {
  return execFileSync("npx", ["tsx", "scripts/users.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, PORTAL_DB_PATH },
    encoding: "utf8",
  });
}

export async function signIn(page: Page, user: { email: string; password: string }, from = "/signin"): Promise<void> {
  await page.goto(from);
  await expect(page).toHaveURL(/\/signin/);
  await submitSignIn(page, user);
  await expect(page.getByTestId("user-email")).toHaveText(user.email);
}

/** Fills the sign-in form on the current page and submits it; the caller waits for what follows. */
export async function submitSignIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** An alert with this text (Next's route announcer is an empty role=alert too). */
export const alert = (page: Page | Locator, text: string | RegExp) => page.getByRole("alert").filter({ hasText: text });

export function card(page: Page, name: string): Locator {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
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

export interface NewConnection {
  name: string;
  baseUrl: string;
  partnerId: string;
  clientId: string;
  clientSecret: string;
  studies: string;
}

export async function fillConnection(page: Page, c: Partial<NewConnection>): Promise<void> {
  const labels: [keyof NewConnection, string][] = [
    ["name", "Name"],
    ["baseUrl", "Base URL"],
    ["partnerId", "Partner ID"],
    ["clientId", "Client ID"],
    ["clientSecret", "Client secret"],
    ["studies", "Study numbers"],
  ];
  for (const [key, label] of labels)
    if (c[key] !== undefined) await page.getByLabel(label, { exact: true }).fill(c[key]);
}

/** Adds a connection through the form and returns its ID. */
export async function addConnection(page: Page, c: NewConnection): Promise<string> {
  await page.goto("/settings/connections/new");
  await fillConnection(page, c);
  await page.getByRole("button", { name: "Add connection" }).click();
  await expect(page).toHaveURL(/\/settings\/connections$/);
  const id = await card(page, c.name).getAttribute("data-connection-id");
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id!;
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

/** The subjects of a study in the server's partner database. */
export const subjectCount = (study: string): number => dbCount("subjects", study);

/**
 * A connection written straight into the server's portal database, bypassing
 * the form's checks, as one saved under an earlier configuration would be.
 * Its secret is a placeholder: only the address checks come before opening it.
 */
export function storeConnection(email: string, c: { name: string; baseUrl: string; studies: string[] }): string {
  const db = new Database(join(ROOT, PORTAL_DB_PATH), { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  try {
    const { id: userId } = db.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: number };
    const id = randomUUID();
    const now = new Date().toISOString();
    db.prepare(
      `INSERT INTO connections
         (id, user_id, name, base_url, partner_id, client_id, secret_sealed, studies, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 'placeholder', ?, ?, ?)`,
    ).run(id, userId, c.name, c.baseUrl, NORTHSTAR.partnerId, NORTHSTAR.clientId, JSON.stringify(c.studies), now, now);
    return id;
  } finally {
    db.close();
  }
}

/**
 * `npm run screenshots`: a picture of every page type in docs/screenshots/ (./screenshots/pages.ts), taken in
 * Chromium from the built app in demo mode on a fresh database, signed in as the demo user (and, for the
 * administrators' pages, an administrator made with the users command). Run it after a change of the UI and commit
 * the pictures. `--port` moves the server (3390 by default); `--only name,name` takes some of them.
 * Pictures are the top of the page, at most MAX_HEIGHT pixels high at 1280 px and the first FIRST_SCREEN pixels at
 * the other widths (what a reviewer sees on opening the page), so that each stays small.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { type Browser, type BrowserContext, chromium, type Page } from "@playwright/test";
import { ensureBuild, startServer } from "@/bench/support/start-server";
import { markdownTable } from "@/bench/support/stats";
import { intFlag, parseArgs, run } from "@/lib/cli/args";
import { type Place, SHOTS, type Shot, WIDTHS } from "./screenshots/pages";

const OUT = "docs/screenshots";
const DATA = "data/screenshots";
const MAX_HEIGHT = 1600;
const FIRST_SCREEN = 1000;
const HEIGHT = 900;
const DEMO = { email: "demo@studyportal.example", password: "demo-portal-2024!" };
const ADMIN = { email: "screenshots-admin@studyportal.example", password: "screenshots-admin-password" };

run(async () => {
  const { flags } = parseArgs(process.argv.slice(2));
  const port = intFlag(flags, "port", 3390);
  const only = flags.only ? new Set(flags.only.split(",")) : null;
  ensureBuild();
  rmSync(DATA, { recursive: true, force: true });
  mkdirSync(DATA, { recursive: true });
  mkdirSync(OUT, { recursive: true });
  // One key for the server and the users command: it keys the audit trail both append to.
  const env = {
    PARTNER_DB_PATH: `${DATA}/partner-service.db`,
    PORTAL_DB_PATH: `${DATA}/portal.db`,
    PORTAL_SECRET_KEY: randomBytes(32).toString("base64"),
  };
  const server = await startServer(port, env);
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  try {
    addAdmin(env);
    const sessions = await signedInContexts(browser, server.baseUrl);
    const place = await findPlace(sessions.demo);
    writeFileSync(`${OUT}/README.md`, readme());
    for (const shot of SHOTS) {
      if (only && !only.has(shot.name)) continue;
      const context = shot.anonymous ? sessions.anonymous : shot.admin ? sessions.admin : sessions.demo;
      for (const width of shot.once ? [1280] : WIDTHS) {
        const file = await take(context, shot, place, width);
        console.log(`${file}  ${Math.round(statSync(file).size / 1024)} KiB`);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
});

/** The list of the pictures, written with them so that it never differs from what the script takes. */
function readme(): string {
  const rows = SHOTS.map((s) => [
    s.once ? `[${s.name}.png](${s.name}.png)` : WIDTHS.map((w) => `[${w}](${fileName(s, w)})`).join(" "),
    s.title,
    s.print ? "1280 px, print media" : s.once ? "1280 px" : `${WIDTHS.join(", ")} px`,
  ]);
  return [
    "# Screenshots",
    "",
    "Every page type of the portal in demo mode, taken by `npm run screenshots` (scripts/screenshots.ts) from the",
    "built app; docs/design.md describes the design. Written by the script: do not edit.",
    "",
    markdownTable(["picture", "page", "width"], rows),
    "",
  ].join("\n");
}

function addAdmin(env: Record<string, string>): void {
  const users = (...args: string[]) =>
    execFileSync("npx", ["tsx", "scripts/users.ts", ...args], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "ignore", "inherit"],
    });
  users("add", ADMIN.email, "--name", "Screenshots admin", "--password", ADMIN.password);
  users("set-role", ADMIN.email, "admin");
}

async function signedInContexts(browser: Browser, baseURL: string) {
  const context = () => browser.newContext({ baseURL, viewport: { width: 1280, height: HEIGHT } });
  const [anonymous, demo, admin] = await Promise.all([context(), context(), context()]);
  for (const [c, user] of [
    [demo, DEMO],
    [admin, ADMIN],
  ] as const) {
    const page = await c.newPage();
    await page.goto("/signin");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/signin"));
    await page.close();
  }
  return { anonymous, demo, admin };
}

/** The demo study's address and its first subject's, from the pages themselves; an export made, for its list. */
async function findPlace(context: BrowserContext): Promise<Place> {
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("link", { name: "ONC-101", exact: true }).first().click();
  const subjects = page.getByRole("table", { name: /Subjects of study/ });
  await subjects.waitFor({ timeout: 120_000 });
  const study = new URL(page.url()).pathname;
  const subject = (await subjects.locator("tbody a").first().getAttribute("href")) ?? "";
  await page.getByRole("button", { name: "Download CSV" }).first().click();
  await page
    .getByText(/^Done: /)
    .first()
    .waitFor({ timeout: 60_000 });
  await page.close();
  return { study, subject: new URL(subject, page.url()).pathname };
}

/** A picture's file: the page's name at 1280 px, its name and width at the others. */
function fileName(shot: Shot, width: number): string {
  return width === 1280 ? `${shot.name}.png` : `${shot.name}-${width}.png`;
}

async function take(context: BrowserContext, shot: Shot, place: Place, width: number): Promise<string> {
  const page = await context.newPage();
  try {
    await page.setViewportSize({ width, height: HEIGHT });
    if (shot.print) await page.emulateMedia({ media: "print" });
    await page.goto(typeof shot.path === "string" ? shot.path : shot.path(place));
    await settled(page);
    await shot.before?.(page);
    const file = `${OUT}/${fileName(shot, width)}`;
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    // In page coordinates (the box of a locator is in the window's, which may have scrolled).
    const at = shot.from ? await shot.from(page).evaluate((e) => e.getBoundingClientRect().top + window.scrollY) : 0;
    const top = Math.max(0, Math.round(at) - 16);
    await page.screenshot({
      path: file,
      fullPage: true,
      clip: { x: 0, y: top, width, height: Math.min(height - top, width === 1280 ? MAX_HEIGHT : FIRST_SCREEN) },
      animations: "disabled",
    });
    return file;
  } finally {
    await page.close();
  }
}

/** No load in progress (neither its status line nor a progress bar: the section's data is shown), no request. */
async function settled(page: Page): Promise<void> {
  const loading = page.getByRole("status").filter({ hasText: /Loading the study from the partner service/ });
  await loading.first().waitFor({ state: "detached", timeout: 120_000 });
  await page.locator("progress").first().waitFor({ state: "detached", timeout: 120_000 });
  await page.waitForLoadState("networkidle");
}

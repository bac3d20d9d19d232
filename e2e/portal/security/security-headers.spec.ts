/**
 * The portal's security headers (lib/config/security-headers.ts, next.config.ts):
 * a nonce-based Content-Security-Policy on every page, and a walk through
 * the portal in Chromium that the policy must not disturb: no policy
 * violation and no console error. The partner API keeps its own headers.
 */
import { type APIResponse, expect, type Page, test } from "@playwright/test";
import { E2E_BASE_URL } from "../../../playwright.config";
import { API_PATH, NORTHSTAR as NORTHSTAR_PARTNER, TOKEN_PATH } from "../../api/support/addresses";
import { credentials } from "../../api/support/requests";
import { ConnectionsPage } from "../../pages/ConnectionsPage";
import { card, DEMO, signIn, submitSignIn } from "../../support/portal";
import { createUser } from "../../support/server";
import { openStudyAddress, STUDY_VIEWS, studyLoaded } from "../../support/study";

/** The CSP's directives by name. */
function directives(res: APIResponse): Map<string, string[]> {
  const csp = res.headers()["content-security-policy"];
  expect(csp, `${res.url()} has a Content-Security-Policy`).toBeTruthy();
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/) as [string, ...string[]])
      .map(([n, ...v]) => [n, v]),
  );
}

/** What every portal page must carry. */
function expectPageHeaders(res: APIResponse): string {
  const h = res.headers();
  expect(h["content-type"]).toContain("text/html");
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(h["permissions-policy"]).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
  expect(h["x-frame-options"]).toBe("DENY");
  // The tests run over http: HSTS only when NEXTAUTH_URL is https (lib/config/security-headers.test.ts covers that
  // case).
  expect(h["strict-transport-security"]).toBeUndefined();
  const csp = directives(res);
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  expect(csp.get("object-src")).toEqual(["'none'"]);
  const script = csp.get("script-src")!;
  expect(script).toContain("'strict-dynamic'");
  expect(res.headers()["content-security-policy"]).not.toMatch(/unsafe-eval/);
  const nonce = script.find((s) => s.startsWith("'nonce-"))!;
  expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/]{22}=='$/);
  return nonce.slice("'nonce-".length, -1);
}

/** Every script element of the HTML carries this request's nonce: nothing runs that the page did not mean. */
async function expectScriptsNonced(res: APIResponse, nonce: string) {
  const html = await res.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
}

test("the sign-in page and a signed-in page carry a fresh nonce-based CSP and the other security headers", async ({
  page,
}) => {
  const signin = await page.request.get("/signin");
  const first = expectPageHeaders(signin);
  await expectScriptsNonced(signin, first);
  const again = expectPageHeaders(await page.request.get("/signin"));
  expect(again).not.toBe(first);

  await signIn(page, createUser("headers"));
  const settings = await page.request.get("/settings/connections");
  expect(settings.url()).toBe(`${E2E_BASE_URL}/settings/connections`);
  await expectScriptsNonced(settings, expectPageHeaders(settings));
});

test("a study number with a dot in it, and next-auth's own pages, are covered too", async ({ page }) => {
  await signIn(page, createUser("dotted"));
  // A study page whose address ends in ".101": it used to look like a file to the proxy's matcher, and got no policy.
  const dotted = await page.request.get("/studies/00000000-0000-4000-8000-000000000000/ONC.101");
  expect(dotted.status()).toBe(404);
  await expectScriptsNonced(dotted, expectPageHeaders(dotted));
  // next-auth's sign-out confirmation page: no nonce reaches it, so a policy of inline styles only, and no framing.
  const signout = await page.request.get("/api/auth/signout");
  const csp = directives(signout);
  expect(csp.get("default-src")).toEqual(["'none'"]);
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  expect(signout.headers()["x-frame-options"]).toBe("DENY");
});

test("the partner API keeps its own headers: JSON, no-store on tokens, no HTML policy", async ({ request }) => {
  const token = await request.post(TOKEN_PATH, { form: credentials(NORTHSTAR_PARTNER) });
  expect(token.status()).toBe(200);
  expect(token.headers()["content-type"]).toBe("application/json; charset=utf-8");
  expect(token.headers()["cache-control"]).toBe("no-store");
  const { access_token } = (await token.json()) as { access_token: string };
  const data = await request.get(`${API_PATH}/Group?researchstudy=ONC-101`, {
    headers: { authorization: `Bearer ${access_token}`, "x-partnerid": NORTHSTAR_PARTNER.partnerId },
  });
  expect(data.status()).toBe(200);
  expect(data.headers()["content-type"]).toMatch(/^application\/fhir\+json/);
  const refused = await request.get(`${API_PATH}/Group?researchstudy=ONC-101`);
  expect(refused.status()).toBe(401);
  for (const res of [token, data, refused]) {
    const h = res.headers();
    expect(h["content-security-policy"], res.url()).toBeUndefined();
    expect(h["permissions-policy"], res.url()).toBeUndefined();
    expect(h["x-content-type-options"], res.url()).toBe("nosniff");
  }
});

/** Policy violations and console errors seen by the page, from its first script on. */
async function watch(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeFunction("reportViolation", (v: string) => problems.push(`CSP violation: ${v}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { reportViolation(v: string): void }).reportViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  return problems;
}

test("a walk through the portal in Chromium: the policy blocks nothing the portal needs", async ({ page }) => {
  const problems = await watch(page);
  // Sign in (a client component posting to next-auth).
  await page.goto("/signin");
  await submitSignIn(page, DEMO);
  await page.waitForURL((url) => !url.pathname.startsWith("/signin"));
  await expect(page.getByTestId("user-email")).toHaveText(DEMO.email);

  // The connections page and its client components: Test connection (a server action) answers in the page.
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  const demo = card(page, "Demo partner service (Northstar)");
  await new ConnectionsPage(page).test("Demo partner service (Northstar)");
  await expect(demo.getByRole("status")).toContainText("accessible");

  // A study page: streamed (Suspense), then the table's client component: sort and filter.
  await page.goto("/");
  await page.getByRole("link", { name: "ONC-101", exact: true }).first().click();
  // The study opens at its Overview: its subject list is the navigation's Subjects.
  await page
    .getByRole("navigation", { name: "Study sections" })
    .getByRole("link", { name: "Subjects", exact: true })
    .click();
  await expect(page.getByRole("table", { name: /Subjects of study ONC-101/ })).toBeVisible();
  await page
    .getByRole("columnheader", { name: /^Birth year/ })
    .getByRole("button")
    .click();
  await expect(page.getByRole("columnheader", { name: /^Birth year/ })).toHaveAttribute("aria-sort", "ascending");
  await page.getByLabel("Filter Sex").fill("Female");
  await expect(page).toHaveURL(/f_sex=Female/);

  // Refresh: a server action whose progress polls a route while it runs.
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByRole("button", { name: "Refresh" })).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByRole("table", { name: /Subjects of study ONC-101/ })).toBeVisible();

  expect(problems).toEqual([]);

  // Pages that are not there: the portal's own "not found" and Next.js's. The browser reports their 404 status.
  for (const path of ["/settings/connections/00000000-0000-4000-8000-000000000000/edit", "/no-such-page"]) {
    expect((await page.goto(path))?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: /^(No such connection|Page not found)$/ })).toBeVisible();
    // Its scripts have loaded or been refused by now.
    await page.waitForLoadState("networkidle");
  }
  expect(problems.filter((p) => !p.includes("status of 404 (Not Found)"))).toEqual([]);
});

test("every study page: no style attribute in the server's markup, and nothing refused in Chromium", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const problems = await watch(page);
  const study = await openStudyAddress(page, "ONC-101");
  const subject = await page.locator('a[href*="/subjects/"]').first().getAttribute("href");
  const subjectId = subject!.split("/subjects/")[1].split(/[?#]/)[0];
  const pages = [...STUDY_VIEWS, `/subjects/${subjectId}`, `/tumour-response/subjects/${subjectId}`].map(
    (p) => `${study}${p}`,
  );
  for (const path of pages) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(200);
    // The policy refuses style attributes (style-src-attr 'none'): the markup must not need any.
    expect(directives(res).get("style-src-attr"), path).toEqual(["'none'"]);
    expect((await res.text()).match(/<[^>]+\sstyle="[^"]*"/g) ?? [], path).toEqual([]);
    await page.goto(path);
    await studyLoaded(page);
    await page.waitForLoadState("networkidle");
    // The charts, drawn once in the browser, are there (a subject's response page has none without target lesions).
    if (path.endsWith("/tumour-response/waterfall"))
      await expect(page.locator(".recharts-surface").first()).toBeVisible();
  }
  expect(problems).toEqual([]);
});

test("the icon: /favicon.ico and the icon the pages link answer with an image", async ({ page, request }) => {
  const ico = await request.get("/favicon.ico");
  expect(ico.status()).toBe(200);
  expect(ico.headers()["content-type"]).toMatch(/^image\//);
  expect((await ico.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));

  await page.goto("/signin");
  const linked = await page
    .locator('link[rel="icon"]')
    .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
  expect(linked.length).toBeGreaterThan(0);
  for (const href of linked) {
    const res = await request.get(href);
    expect(res.status(), href).toBe(200);
    expect(res.headers()["content-type"], href).toMatch(/^image\//);
  }
});

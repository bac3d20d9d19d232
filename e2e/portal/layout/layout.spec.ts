/**
 * The layout at a tablet's width (768 px) on every page type: the document never scrolls sideways (wide tables
 * scroll inside their own box), every table's head is sticky, and the study's section navigation fits the window;
 * and the print style: navigation and controls gone, table heads repeated on each page and not sticky, the study's
 * heading and "Data as of" kept (docs/design.md).
 */
import { expect, test } from "@playwright/test";
import { settled } from "../../support/axe-scan";
import { expectFits } from "../../support/layout";
import { signIn } from "../../support/portal";
import { createUser, usersCommand } from "../../support/server";
import { openSubjects, STUDY_VIEWS, subjectList } from "../../support/study";

const TABLET = { width: 768, height: 1000 };

test.describe("at 768 px", () => {
  test.use({ viewport: TABLET });

  test("the sign-in page and the signed-in pages outside a study", async ({ page }) => {
    await expectFits(page, "/signin");
    await signIn(page);
    for (const path of ["/", "/settings/connections", "/settings/connections/new", "/settings/exports"])
      await expectFits(page, path);
    expect((await expectFits(page, "/settings/activity")).heads.length).toBeGreaterThan(0);
  });

  test("every study view, a subject's profile and a subject's response", async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page);
    const study = await openSubjects(page, "ONC-101");
    const subjects = subjectList(page);
    await expect(subjects).toBeVisible({ timeout: 60_000 });
    const subject = (await subjects.locator("tbody a").first().getAttribute("href"))!;
    // The sections' navigation wraps within the window: no link past its right edge.
    const links = page.getByRole("navigation", { name: "Study sections" }).getByRole("link");
    await expect(links).toHaveCount(10);
    for (const box of await links.evaluateAll((as) => as.map((a) => a.getBoundingClientRect().right)))
      expect(box).toBeLessThanOrEqual(TABLET.width);
    let heads = 0;
    for (const view of STUDY_VIEWS) heads += (await expectFits(page, `${study}${view}`)).heads.length;
    heads += (await expectFits(page, subject)).heads.length;
    heads += (await expectFits(page, subject.replace("/subjects/", "/tumour-response/subjects/"))).heads.length;
    // The checks above looked at tables, not at empty pages.
    expect(heads).toBeGreaterThan(STUDY_VIEWS.length);
  });

  test("the administrators' pages", async ({ page }) => {
    const admin = createUser("layout-admin");
    usersCommand("set-role", admin.email, "admin");
    await signIn(page, admin);
    for (const path of ["/admin/audit", "/admin/cache", "/admin/snapshots"]) await expectFits(page, path);
  });
});

test("printed: no navigation or controls, heads repeated and not sticky, the study and its data time kept", async ({
  page,
}) => {
  await signIn(page);
  await openSubjects(page, "ONC-101");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Study sections" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Refresh" })).toBeHidden();
  await expect(page.getByRole("group", { name: /^Export / }).first()).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Study ONC-101" })).toBeVisible();
  await expect(page.getByText(/^Data as of /)).toBeVisible();
  const heads = await page.evaluate(() =>
    [...document.querySelectorAll("thead")].map(
      (h) => `${getComputedStyle(h).display} ${getComputedStyle(h).position}`,
    ),
  );
  expect(heads.length).toBeGreaterThan(0);
  expect(new Set(heads)).toEqual(new Set(["table-header-group static"]));
});

test("printed, a table holds every row its filters pass, and a server's table its page and says so", async ({
  page,
}) => {
  await signIn(page);
  const study = await openSubjects(page, "ONC-101");
  const subjects = subjectList(page);
  const status = page.getByRole("status").filter({ hasText: /^Rows / });
  await expect(subjects).toBeVisible({ timeout: 60_000 });
  await page.getByLabel("Rows per page").selectOption("10");
  await page.getByRole("button", { name: "Next page" }).click();
  // The caption states how many subjects there are ("Subjects of study ONC-101 (40)"): the pager does not repeat it.
  await expect(status).toHaveText("Rows 11–20");
  const caption = (await subjects.locator("caption").textContent()) ?? "";
  const n = Number((/\(([\d,]+)\)$/.exec(caption.trim())?.[1] ?? "").replace(/,/g, ""));
  expect(n).toBeGreaterThan(20);
  const firstOnScreen = await subjects.locator("tbody tr").first().textContent();

  await page.emulateMedia({ media: "print" });
  await expect(subjects.locator("tbody tr")).toHaveCount(n);
  await expect(status).toHaveText(`Rows 1–${n}`);
  await expect(page.getByText(/^Printed: these rows only/)).toHaveCount(0);
  // Back on screen: the page the reader was on.
  await page.emulateMedia({ media: "screen" });
  await expect(subjects.locator("tbody tr")).toHaveCount(10);
  await expect(subjects.locator("tbody tr").first()).toHaveText(firstOnScreen ?? "");

  await page.goto(`${study}/adverse-events`);
  const listing = page.getByRole("table", { name: /^Adverse events of study/ });
  await expect(listing).toBeVisible({ timeout: 60_000 });
  await page.emulateMedia({ media: "print" });
  const note = page.getByText(/^Printed: these rows only\. To have all [\d,]+, export the table/);
  await expect(note).toBeVisible();
  await page.emulateMedia({ media: "screen" });
  await expect(note).toBeHidden();
});

test("an abbreviated header says what it means on keyboard focus (BOR), and Escape hides it", async ({ page }) => {
  await signIn(page);
  const study = await openSubjects(page, "ONC-101");
  await page.goto(`${study}/tumour-response`);
  await settled(page);
  const subjects = page.getByRole("table", { name: /^Every subject, evaluable or not/ });
  const header = subjects.getByRole("button", { name: "BOR as signed", exact: true });
  // By the keyboard: Tab from the header before it, with the table below the fold, so that the Tab scrolls the page
  // to the header (the scroll's event comes after the focus and must not close the tip it opened).
  // The headers' buttons are disabled until the page's script runs (components/data-table/use-hydrated.ts): a
  // disabled button takes no focus.
  await expect(header).toBeEnabled();
  await subjects.getByRole("button", { name: "Subject", exact: true }).focus();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).not.toBeInViewport();
  await page.keyboard.press("Tab");
  await expect(header).toBeFocused();
  await expect(header).toBeInViewport();
  const tip = page.getByRole("tooltip");
  await expect(tip).toContainText("best overall response (RECIST 1.1)");
  await expect(header).toHaveAccessibleDescription(/^BOR: best overall response/);
  await page.keyboard.press("Escape");
  await expect(tip).toHaveCount(0);
  // A header without an abbreviation has none.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(subjects.getByRole("button", { name: "Signed and recomputed", exact: true })).toBeFocused();
  await expect(tip).toHaveCount(0);
});

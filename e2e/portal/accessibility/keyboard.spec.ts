/**
 * The portal by keyboard alone (WCAG 2.1.1, 2.4.1, 2.4.3, 2.4.7): the interactions are key presses only (Tab,
 * Shift+Tab, Enter, Space, and typing into the focused field), and at every Tab stop the focus must show
 * (e2e/support/keyboard.ts). Addresses are opened with page.goto only to set a test up, never to take a step of a walk.
 */
import { expect, type Page, test } from "@playwright/test";
import { status } from "../../support/exports";
import { expectFocusVisible, tabTo } from "../../support/keyboard";
import { DEMO, signIn } from "../../support/portal";
import { openSubjects, studyLoaded, tableCells } from "../../support/study";

const STUDY = "ONC-101";

test("sign in, open a study, sort and filter its subjects, open Adverse events, a chart's table, export", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Sign in: the email field has focus when the page opens.
  await page.goto("/signin");
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.keyboard.type(DEMO.email);
  await tabTo(page, page.getByLabel("Password"));
  await page.keyboard.type(DEMO.password);
  await tabTo(page, page.getByRole("button", { name: "Sign in" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Your studies" })).toBeVisible();

  // The first Tab stop skips the header; the content's first link is reached after it.
  const skip = page.getByRole("link", { name: "Skip to content" });
  expect(await tabTo(page, skip, { max: 1 })).toBe(1);
  await page.keyboard.press("Enter");
  await expect(page.locator("#content")).toBeFocused();
  await tabTo(page, page.getByRole("link", { name: STUDY, exact: true }).first(), { max: 10 });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(STUDY);
  // The study opens at its Overview: its subject list is the navigation's next entry.
  const list = page
    .getByRole("navigation", { name: "Study sections" })
    .getByRole("link", { name: "Subjects", exact: true });
  await tabTo(page, list);
  await page.keyboard.press("Enter");
  await expect(list).toHaveAttribute("aria-current", "page");
  const subjects = page.getByRole("table", { name: new RegExp(`Subjects of study ${STUDY}`) });
  await expect(subjects).toBeVisible({ timeout: 60_000 });

  await sortAndFilterSubjects(page);
  await openChartTableAndExport(page);
});

/** Birth year sorted by Enter then Space (ascending, descending); Sex filtered by typing into its filter. */
async function sortAndFilterSubjects(page: Page) {
  const birthYear = page.getByRole("columnheader", { name: "Birth year" });
  await tabTo(page, birthYear.getByRole("button"));
  await page.keyboard.press("Enter");
  await expect(birthYear).toHaveAttribute("aria-sort", "ascending");
  await page.keyboard.press("Space");
  await expect(birthYear).toHaveAttribute("aria-sort", "descending");
  await expectFocusVisible(page);
  await tabTo(page, page.getByLabel("Filter Sex"));
  await page.keyboard.type("=Female");
  await expect(status(page)).toHaveText(/^Rows 1–\d+ of \d+ \(filtered from \d+\)$/);
  const rows = await tableCells(page, `Subjects of study ${STUDY}`);
  expect(rows.length).toBeGreaterThan(0);
  // Sex and birth year: the fourth and fifth columns, after the Review column (docs/review.md).
  expect(rows.every((r) => r[3] === "Female")).toBe(true);
  const years = rows.map((r) => Number(r[4]));
  expect(years).toEqual([...years].sort((a, b) => b - a));
}

/** Back up to the section navigation, open Adverse events, show its chart's table, export it as CSV. */
async function openChartTableAndExport(page: Page) {
  const nav = page.getByRole("navigation", { name: "Study sections" });
  await tabTo(page, nav.getByRole("link", { name: "Adverse events" }), { back: true });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Adverse events" })).toBeVisible({ timeout: 60_000 });
  await expect(nav.getByRole("link", { name: "Adverse events" })).toHaveAttribute("aria-current", "page");

  const chart = page.getByRole("figure").first();
  const toggle = chart.getByRole("button", { name: "Show data table" });
  // The section streams in after its heading: the stops to count are there once its chart is.
  await expect(toggle).toBeVisible({ timeout: 60_000 });
  await tabTo(page, toggle);
  await page.keyboard.press("Enter");
  await expect(chart.getByRole("button", { name: "Hide data table" })).toBeFocused();
  await expect(chart.getByRole("button", { name: "Hide data table" })).toHaveAttribute("aria-expanded", "true");
  const table = chart.getByRole("table", { name: /^Data of the chart: / });
  await expect(table).toBeVisible();
  await expectFocusVisible(page);

  const csv = chart.getByRole("button", { name: "Download CSV" });
  await tabTo(page, csv, { max: 3 });
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 30_000 }),
    page.keyboard.press("Enter"),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  // The result is announced (a status), and its link to the file is the next stops away.
  const done = chart.getByRole("group", { name: /^Export / }).getByRole("status");
  await expect(done).toHaveText(/^Done: [\d,]+ rows\. Download .+\.csv again$/);
  await tabTo(page, done.getByRole("link", { name: /^Download .+ again$/ }), { max: 3 });
}

// Every chart: its "Show data table" is a Tab stop, and Enter on it shows the table of the plotted values.
const CHART_VIEWS = [
  "/adverse-events",
  "/laboratory?test=code%3ALB0214",
  "/laboratory/liver",
  "/vital-signs",
  "/tumour-response/waterfall",
  "/tumour-response/spider",
  "/tumour-response/swimmer",
];

for (const view of CHART_VIEWS) {
  test(`each chart's data table opens by keyboard: ${view}`, async ({ page }) => {
    await signIn(page);
    const study = await openSubjects(page, STUDY);
    await page.goto(`${study}${view}`);
    await expectEveryChartTableByKeyboard(page);
  });
}

test("each chart's data table opens by keyboard: a subject's profile and response page", async ({ page }) => {
  await signIn(page);
  const study = await openSubjects(page, STUDY);
  const subjects = page.getByRole("table", { name: /Subjects of study/ });
  await page.goto((await subjects.locator("tbody a").first().getAttribute("href"))!);
  await expectEveryChartTableByKeyboard(page);
  await page.goto(`${study}/tumour-response`);
  await page.goto(
    (await page
      .getByRole("region", { name: "Subjects", exact: true })
      .locator("tbody a")
      .first()
      .getAttribute("href"))!,
  );
  await expectEveryChartTableByKeyboard(page);
});

/** From the top of the page, Tab to each chart's toggle in turn; Enter shows its table, the toggle keeps focus. */
async function expectEveryChartTableByKeyboard(page: Page) {
  await studyLoaded(page);
  const toggles = page.getByRole("button", { name: /^(Show|Hide) data table$/ });
  await expect(toggles.first()).toBeVisible();
  const count = await toggles.count();
  for (let i = 0; i < count; i++) {
    const toggle = toggles.nth(i);
    await expect(toggle).toHaveText("Show data table");
    await tabTo(page, toggle);
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveText("Hide data table");
    await expect(toggle).toBeFocused();
    const id = await toggle.getAttribute("aria-controls");
    await expect(page.locator(`[id="${id}"]`).getByRole("table", { name: /^Data of the chart: / })).toBeVisible();
  }
}

/**
 * A study in the browser, as the study views' specs open it: the demo user signed in (./portal.ts), a study opened
 * from the studies page, a section from the study's navigation, and a table's body cells read by its caption.
 */
import { expect, type Locator, type Page } from "@playwright/test";
import { signIn } from "./portal";

/** The subject list's address below the study's own (which is the study's Overview). */
export const SUBJECTS_VIEW = "/subjects";

/** The subject list's table, by its caption ("Subjects of study ONC-101 (40)"). */
export const subjectList = (page: Page): Locator => page.getByRole("table", { name: /Subjects of study/ });

/**
 * Every study view's address after the study's own, one laboratory test included: "" is the study's own address
 * (its Overview), "/subjects" its subject list.
 */
export const STUDY_VIEWS = [
  "",
  SUBJECTS_VIEW,
  "/adverse-events",
  "/laboratory",
  "/laboratory?test=code%3ALB0214",
  "/laboratory/liver",
  "/vital-signs",
  "/medications",
  "/tumour-response",
  "/tumour-response/waterfall",
  "/tumour-response/spider",
  "/tumour-response/swimmer",
  "/data-checks",
  "/changes",
  "/views",
];

/** Opens a study from the studies page: the study's own address, its Overview. */
export async function openStudy(page: Page, study: string) {
  await page.goto("/");
  await page.getByRole("link", { name: study, exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(study);
}

/**
 * Opens a study from the studies page, then its subject list through the study's navigation, and waits for the
 * list (the study's first load); the study's own address (without "/subjects"), to go below it.
 */
export async function openSubjects(page: Page, study: string): Promise<string> {
  await openStudy(page, study);
  const address = new URL(page.url()).pathname;
  await page
    .getByRole("navigation", { name: "Study sections" })
    .getByRole("link", { name: "Subjects", exact: true })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === `${address}${SUBJECTS_VIEW}`);
  await expect(subjectList(page)).toBeVisible({ timeout: 60_000 });
  return address;
}

/** Signs the demo user in, opens a study and waits for its subject list; the study's address, to go below it. */
export async function openStudyAddress(page: Page, study: string): Promise<string> {
  await signIn(page);
  return openSubjects(page, study);
}

/**
 * A study's section opened from the study's navigation, once the study has loaded: the first visit of a study
 * loads it from the partner service, which took over 5 s in CI while other tests ran beside it.
 */
export async function openSection(page: Page, study: string, section: string) {
  await signIn(page);
  await openStudy(page, study);
  await page.getByRole("navigation", { name: "Study sections" }).getByRole("link", { name: section }).click();
  await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
  await studyLoaded(page);
}

/**
 * Waits until the page shows no load of the study under way: neither its status line, which is there from the start
 * (a load waiting for its turn has no count yet, hence no progress bar), nor a progress bar.
 */
export async function studyLoaded(page: Page): Promise<void> {
  const loading = page
    .getByRole("status")
    .filter({ hasText: /(Loading|Reloading) the study from the partner service/ });
  await expect(loading).toHaveCount(0, { timeout: 60_000 });
  await expect(page.locator("progress")).toHaveCount(0, { timeout: 60_000 });
}

/**
 * The value of every body cell of a table, by its caption, row by row: its text without the words of its buttons
 * (a row's "Mark" is a control, not data: docs/review.md).
 */
export function tableCells(page: Page, caption: string | RegExp): Promise<string[][]> {
  return page
    .getByRole("table", { name: caption })
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((tr) =>
        [...tr.querySelectorAll("td")].map((td) => {
          const value = td.cloneNode(true) as HTMLElement;
          for (const button of value.querySelectorAll("button")) button.remove();
          return value.textContent?.trim() ?? "";
        }),
      ),
    );
}

/**
 * The record's own cells of every row of a table of records, by its caption, once it is there: its Review column,
 * first on every such table (docs/review.md), is checked to be there and left out.
 */
export async function recordCells(page: Page, caption: string | RegExp): Promise<string[][]> {
  const table = page.getByRole("table", { name: caption });
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(table.locator("thead th").first()).toHaveText(/^Review/);
  return (await tableCells(page, caption)).map((cells) => cells.slice(1));
}

/**
 * Opens every "How this is computed" disclosure of the page (or of a part of it) that is closed, by its summary as
 * a reader would, and checks that each then is open.
 */
export async function openMethods(scope: Page | Locator): Promise<void> {
  // A `has` locator is read from inside each details, so it starts from the page, not from the scope.
  const page = "page" in scope ? scope.page() : scope;
  const closed = scope.locator("details:not([open])").filter({ has: page.locator("summary", { hasText: METHOD }) });
  // One at a time from the first: each opened leaves the set of closed ones.
  for (let left = await closed.count(); left > 0; left--) {
    await closed.first().locator("summary").click();
    await expect(closed).toHaveCount(left - 1);
  }
}

/**
 * Expects `text` inside the page's method disclosures, opening them again until it shows: a part of the page streamed
 * in after they were opened brings its own disclosure, closed.
 */
export async function expectInMethods(page: Page, text: Locator): Promise<void> {
  await expect(async () => {
    await openMethods(page);
    await expect(text).toBeVisible({ timeout: 1_000 });
  }).toPass();
}

/** The one visible line of a section's method disclosure (sections/frame/ui/HowComputed.tsx). */
export const METHOD = "How this is computed";

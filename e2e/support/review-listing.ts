/**
 * The review specs' adverse-event listing (e2e/portal/review/): a new user's listing of the study on the review
 * specs' own partner service, and its rows as a reviewer reads them (each record's key and review cell).
 */
import { expect, type Page } from "@playwright/test";
import { REVIEW_PARTNER_URL } from "../../playwright.config";
import { addConnection, NORTHSTAR, signIn } from "./portal";
import { createUser } from "./server";
import { openStudy, studyLoaded } from "./study";
import { tableContainer } from "./tables";

export const STUDY = "ONC-101";
export const LISTING = /^Adverse events of study ONC-101/;
export const CHANGES = /^Changes in study ONC-101/;

/** The adverse-event listing of a user who reads the study through the review partner. */
export async function openListing(page: Page, label: string) {
  await signIn(page, createUser(label));
  await addConnection(page, { name: "Review partner", baseUrl: REVIEW_PARTNER_URL, ...NORTHSTAR, studies: STUDY });
  await openStudy(page, STUDY);
  await page.getByRole("navigation", { name: "Study sections" }).getByRole("link", { name: "Adverse events" }).click();
  await studyLoaded(page);
  const listing = page.getByRole("table", { name: LISTING });
  await expect(listing).toBeVisible({ timeout: 60_000 });
  return listing;
}

/**
 * Each row of a listing on screen (the adverse events' by default): its record key and its review cell (none for
 * the row saying there are none).
 */
export async function listedRows(page: Page, name: RegExp = LISTING): Promise<{ key: string; review: string }[]> {
  const listing = page.getByRole("table", { name });
  await expect(listing).toBeVisible({ timeout: 60_000 });
  const header = await listing.locator("thead tr").first().locator("th").allTextContents();
  const at = header.findIndex((h) => h.trim().startsWith("Record") && !h.includes("Record type"));
  return listing.locator("tbody tr").evaluateAll(
    (trs, i) =>
      trs
        .map((tr) => [...tr.querySelectorAll("td")])
        .filter((tds) => tds.length > 1)
        .map((tds) => ({ key: tds[i]?.textContent?.trim() ?? "", review: tds[0]?.textContent?.trim() ?? "" })),
    at,
  );
}

/** The listing filtered to one review status, 100 rows a page, once the page shows that filter's rows. */
export async function rowsWithStatus(page: Page, status: string): Promise<{ key: string; review: string }[]> {
  const container = tableContainer(page.getByRole("table", { name: LISTING }));
  await container.getByLabel("Rows per page").selectOption("100");
  await expect(page).toHaveURL(/ev_size=100/);
  await container.getByLabel("Filter Review").selectOption({ label: status });
  // The address says the filter, and every row listed is of the status (the page before it had others).
  await expect.poll(() => new URL(page.url()).searchParams.get("ev_f_review")).toBe(`=${status}`);
  await expect
    .poll(async () => (await listedRows(page)).every((r) => r.review.startsWith(status)), { timeout: 30_000 })
    .toBe(true);
  return listedRows(page);
}

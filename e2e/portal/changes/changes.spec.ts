/**
 * The Changes section on the demo: its first start kept the demo connection's snapshots of data cuts 1, 2 and 3
 * (lib/demo/demo-snapshots.ts), so comparing the last two lists exactly what the third cut did, by the partner
 * database's own record of it (./cut-record.ts). Other specs may Refresh the study and add snapshots after them:
 * the two are chosen by their place among the oldest, as a reviewer would choose them.
 */
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { aeListingCounts, aeListingStatus } from "../../pages/views";
import { type Manifest, readZip, startPack } from "../../support/pack";
import { openSection } from "../../support/study";
import { cutCounts, cutKeys, grownSinceFirstCut } from "./cut-record";

const STUDY = "ONC-101";
const PER_TYPE = /^Changes per record type in study ONC-101/;
const LISTING = /^Changes in study ONC-101/;

/** Compares the demo's second and third cuts: the second and third oldest snapshots. */
async function compareCuts(page: Page) {
  await expect(page.getByLabel("From snapshot")).toBeVisible({ timeout: 30_000 });
  const options = await page.getByLabel("From snapshot").locator("option").allTextContents();
  expect(options.length).toBeGreaterThanOrEqual(3);
  await page.getByLabel("From snapshot").selectOption({ index: options.length - 2 });
  await page.getByLabel("To snapshot").selectOption({ index: options.length - 3 });
  await page.getByRole("button", { name: "Compare" }).click();
  await expect(page).toHaveURL(/from=\d+&to=\d+/);
}

test("the last two demo snapshots show what the third data cut changed, each count opening its records", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openSection(page, STUDY, "Changes");
  await compareCuts(page);
  const table = page.getByRole("table", { name: PER_TYPE });
  await expect(table).toBeVisible();
  const rows = await table
    .locator("tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim() ?? "")));
  const shown = Object.fromEntries(rows.map(([type, added, changed, removed]) => [type, [added, changed, removed]]));
  const expected = Object.fromEntries(
    Object.entries(cutCounts(STUDY)).map(([type, counts]) => [type, counts.map((n) => n.toLocaleString("en"))]),
  );
  expect(shown).toEqual(expected);

  // The adverse events changed: the count opens exactly those records, each with its fields before and after.
  const aeRow = table.locator("tbody tr").filter({ hasText: "Adverse events" });
  await aeRow.getByRole("link").nth(1).click();
  await expect(page).toHaveURL(/type=AdverseEvent&kind=changed/);
  await expect(page.getByText("Only adverse events changed.")).toBeVisible();
  const listing = page.getByRole("table", { name: LISTING });
  const cells = await listing
    .locator("tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim() ?? "")));
  // The first column is the reviewer's: each record's review status.
  expect(cells.map((c) => c[3]).sort()).toEqual(cutKeys(STUDY, "adverse_events", "changed"));
  const grade = cells.find((c) => c[5] === "grade");
  expect(grade, "the corrected grade").toBeDefined();
  expect(grade?.[6]).toMatch(/^grade: \d$/);
  expect(grade?.[7]).toMatch(/^grade: \d$/);
  expect(grade?.[6]).not.toBe(grade?.[7]);
});

test("a past snapshot reopens read-only in every section with its day's numbers, and leads to the latest", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openSection(page, STUDY, "Adverse events");
  const latest = await aeListingCounts(page);
  await page.getByRole("navigation", { name: "Study sections" }).getByRole("link", { name: "Changes" }).click();
  const list = page.getByRole("table", { name: "Snapshots of the study, newest first" });
  await expect(list).toBeVisible({ timeout: 30_000 });
  // The oldest: the demo's first data cut.
  const firstCut = list.locator("tbody tr").last();
  const fingerprint = await firstCut.locator("code").getAttribute("title");
  await firstCut.getByRole("link").click();
  // It opens the subject list as the study was then.
  await expect(page).toHaveURL(/\/subjects\?(.*&)?snapshot=\d+/);
  const banner = page.getByText(/^A past snapshot: the data as they were on .+ UTC, read-only\./);
  await expect(banner).toBeVisible();
  await expect(page.getByRole("button", { name: "Refresh" })).toHaveCount(0);
  const packNote = page.getByText("The pack holds the past snapshot this page shows, not the latest data.");
  await expect(packNote).toBeVisible();
  // The pack of this page is the snapshot's: its manifest names it as the list did.
  const downloading = page.waitForEvent("download", { timeout: 90_000 });
  await startPack(page, STUDY);
  const files = await readZip(await readFile((await (await downloading).path())!));
  const manifest = JSON.parse(files.get("manifest.json")!.toString("utf8")) as Manifest;
  expect(manifest.snapshot).toMatchObject({ kind: "past", fingerprint });

  // The navigation keeps the snapshot: the adverse events of the first cut, fewer by what cuts 2 and 3 added.
  await page.getByRole("navigation", { name: "Study sections" }).getByRole("link", { name: "Adverse events" }).click();
  await expect(page).toHaveURL(/\/adverse-events\?(.*&)?snapshot=\d+/);
  await expect(banner).toBeVisible();
  await expect(aeListingStatus(page)).toBeVisible({ timeout: 30_000 });
  const past = await aeListingCounts(page);
  expect(past.all).toBe(latest.all - grownSinceFirstCut(STUDY, "adverse_events"));
  expect(manifest.files.find((f) => f.name === "sdtm/AE.csv")?.rows).toBe(past.all);

  await page.getByRole("link", { name: "Open the latest data" }).click();
  await expect(page).not.toHaveURL(/snapshot=/);
  await expect(packNote).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Refresh" })).toBeVisible();
  await expect(aeListingStatus(page)).toBeVisible({ timeout: 30_000 });
  expect((await aeListingCounts(page)).all).toBe(latest.all);
});

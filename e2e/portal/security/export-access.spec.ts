/**
 * Who may have an export: another user cannot see, cancel or download a user's export (it does not exist for
 * them); a study the connection does not grant, or does not list, is refused in words; and the byte-order mark is
 * each user's own setting.
 */
import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import { E2E_BASE_URL } from "../../../playwright.config";
import { exportOverHttp } from "../../support/exports";
import { addConnection, NORTHSTAR, signIn } from "../../support/portal";
import { createUser } from "../../support/server";
import { openStudy } from "../../support/study";

const STUDY = "ONC-101";

test("another user cannot see, cancel or download a user's export: it does not exist for them", async ({
  page,
  browser,
}) => {
  await signIn(page);
  await openStudy(page, STUDY);
  const connectionId = decodeURIComponent(new URL(page.url()).pathname.split("/")[2]);
  const id = await exportOverHttp(page.request, {
    connectionId,
    study: STUDY,
    view: "subjects",
    table: "list",
    format: "csv",
    query: "",
  });

  const other = await browser.newContext({ baseURL: E2E_BASE_URL });
  const otherPage = await other.newPage();
  await signIn(otherPage, createUser("export-other"));
  for (const res of [
    await otherPage.request.get(`/exports/${id}`),
    await otherPage.request.get(`/exports/${id}/file`),
    await otherPage.request.delete(`/exports/${id}`),
  ]) {
    expect(res.status()).toBe(404);
    expect(await res.text()).not.toContain("Subject");
  }
  // The attempts are on the audit trail, as the other user's own activity shows it: the first has an entry, the
  // two after it within the minute are counted in the next one (docs/audit.md, "Refusals are aggregated").
  await otherPage.goto("/settings/activity?action=access.refused");
  await expect(otherPage.locator("[data-summary]")).toHaveText(["Refused (export): other users export."]);
  await other.close();
  // The owner still has it.
  const own = await page.request.get(`/exports/${id}/file`);
  expect(own.status()).toBe(200);
  const disposition = own.headers()["content-disposition"];
  expect(disposition).toMatch(/^attachment; filename="ONC-101_subjects_[\d-]+\.csv"$/);
  // The export is on the owner's audit trail with its file's name and SHA-256.
  const fileName = /filename="([^"]+)"/.exec(disposition)![1];
  const sha256 = createHash("sha256")
    .update(Buffer.from(await own.body()))
    .digest("hex");
  await page.goto("/settings/activity?action=export.file");
  // By name and SHA-256: other tests of the same user export this study's subject list under the same name.
  const entry = page.locator("tr", { hasText: fileName }).filter({ hasText: sha256 }).first();
  await expect(entry.locator("[data-summary]")).toHaveText(/^Exported subjects \(list\) as CSV: /);
});

test("an export of a study the connection does not grant, or does not list, is refused in words", async ({ page }) => {
  await signIn(page);
  await openStudy(page, STUDY);
  const connectionId = decodeURIComponent(new URL(page.url()).pathname.split("/")[2]);
  const ask = (study: string, over: Record<string, unknown> = {}) =>
    page.request.post("/exports", {
      data: { connectionId, study, view: "subjects", table: "list", format: "xlsx", query: "", ...over },
    });
  // ONC-102 is on the demo connection's list, but the partner grants it to Lakeside only.
  const refused = await ask("ONC-102");
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: string }).error).toMatch(/ONC-102/);
  const unlisted = await ask("ONC-103");
  expect(unlisted.status()).toBe(404);
  // Bad input gets a fixed message that repeats nothing sent.
  const bad = await ask(STUDY, { format: "<script>" });
  expect(bad.status()).toBe(400);
  expect(await bad.text()).not.toContain("<script>");
  const noTable = await ask(STUDY, { table: "nosuch" });
  expect(noTable.status()).toBe(404);
});

test("the byte-order mark is a user's setting: CSV files start with one only when it is chosen", async ({ page }) => {
  // A user of one's own: the demo user's setting would change the files of the tests running beside this one.
  await signIn(page, createUser("export-bom"));
  const connectionId = await addConnection(page, {
    name: "BOM test",
    baseUrl: E2E_BASE_URL,
    ...NORTHSTAR,
    studies: STUDY,
  });
  const csvBytes = async () => {
    const body = { connectionId, study: STUDY, view: "subjects", table: "list", format: "csv" as const, query: "" };
    return (await page.request.get(`/exports/${await exportOverHttp(page.request, body)}/file`)).body();
  };
  const BOM = [0xef, 0xbb, 0xbf];
  expect([...(await csvBytes()).subarray(0, 3)]).not.toEqual(BOM);

  await page.goto("/settings/exports");
  const box = page.getByLabel("Start CSV files with a byte-order mark (for Microsoft Excel)");
  await expect(box).not.toBeChecked();
  await box.check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  await page.reload();
  await expect(box).toBeChecked();
  const withBom = await csvBytes();
  expect([...withBom.subarray(0, 3)]).toEqual(BOM);
  // The subject list's first column: its Review column (docs/review.md).
  expect(withBom.subarray(3, 11).toString("utf8")).toBe('"Review"');
});

/**
 * Comments on records (docs/review.md, Comments), on the review specs' own partner service: a reviewer writes a
 * comment on an adverse event from its row's comments button; a colleague of the same partner organisation sees the
 * row's count, reads the comment in its thread and finds it among the overview's open comments; a user of another
 * organisation (the partner's other client, granted another study) reads none of it, however the request names it
 * (the study's number, the record's key), and cannot resolve it.
 */
import { expect, type Page, test } from "@playwright/test";
import { REVIEW_PARTNER_URL } from "../../../playwright.config";
import { LAKESIDE } from "../../api/support/addresses";
import { addConnection, NORTHSTAR, signIn } from "../../support/portal";
import { createUser } from "../../support/server";
import { openStudy, studyLoaded } from "../../support/study";

const STUDY = "ONC-101";
const LISTING = /^Adverse events of study ONC-101/;
const WORDS = "Grade 3 on day 2: please confirm with the site.";

/** The adverse-event listing of a new user who reads the study through the review partner as Northstar. */
async function openListing(page: Page, label: string): Promise<{ connectionId: string }> {
  await signIn(page, createUser(label));
  const connectionId = await addConnection(page, {
    name: "Review partner",
    baseUrl: REVIEW_PARTNER_URL,
    ...NORTHSTAR,
    studies: STUDY,
  });
  await openStudy(page, STUDY);
  await page.getByRole("navigation", { name: "Study sections" }).getByRole("link", { name: "Adverse events" }).click();
  await studyLoaded(page);
  await expect(page.getByRole("table", { name: LISTING })).toBeVisible({ timeout: 60_000 });
  return { connectionId };
}

test("a comment is read within the organisation, and by no user of another however it is asked for", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const writer = await browser.newPage();
  await openListing(writer, "commenter");
  const row = writer.getByRole("table", { name: LISTING }).locator("tbody tr").first();
  const add = row.getByRole("button", { name: /^Add a comment on adverse event / });
  const key = (await add.getAttribute("aria-label"))?.replace("Add a comment on adverse event ", "") ?? "";
  expect(key).not.toBe("");
  await add.click();
  const dialog = writer.getByRole("dialog", { name: `Comments on adverse event ${key}` });
  await dialog.getByLabel("Your comment").fill(WORDS);
  await dialog.getByRole("button", { name: "Add comment" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Your comment was added.");
  await expect(dialog.getByText(WORDS)).toBeVisible();
  await writer.keyboard.press("Escape");
  await expect(row.getByRole("button", { name: `Comments on adverse event ${key}: 1, open` })).toBeVisible();

  const colleague = await browser.newPage();
  await openListing(colleague, "colleague");
  const same = colleague.getByRole("button", { name: `Comments on adverse event ${key}: 1, open` });
  await same.click();
  const thread = colleague.getByRole("dialog", { name: `Comments on adverse event ${key}` });
  await expect(thread.getByText(WORDS)).toBeVisible();
  await expect(thread.getByText(/^commenter, /)).toBeVisible();
  await colleague.keyboard.press("Escape");
  await colleague.getByRole("navigation", { name: "Study sections" }).getByRole("link", { name: "Overview" }).click();
  const open = colleague.getByRole("table", { name: /^Open comments on records of study ONC-101/ });
  await expect(open.getByRole("link", { name: key })).toBeVisible({ timeout: 60_000 });

  // Another organisation: the partner's other client, granted ONC-102 only.
  const outsider = await browser.newPage();
  await signIn(outsider, createUser("outsider"));
  const { partnerId, clientId, clientSecret } = LAKESIDE;
  const other = await addConnection(outsider, {
    name: "Lakeside",
    baseUrl: REVIEW_PARTNER_URL,
    partnerId,
    clientId,
    clientSecret,
    studies: "ONC-102",
  });
  const ask = (study: string) =>
    outsider.request.get(
      `/review/comments?${new URLSearchParams({ connectionId: other, study, recordType: "AdverseEvent", key })}`,
    );
  // The study is not on the outsider's connection: nothing is read.
  const named = await ask(STUDY);
  expect(named.status()).toBe(404);
  expect(JSON.stringify(await named.json())).not.toContain(WORDS);
  // Their own study, the record's key guessed: their organisation has no such thread.
  const guessed = await ask("ONC-102");
  expect(guessed.status()).toBe(200);
  expect(await guessed.json()).toEqual({ thread: null });
  const resolve = await outsider.request.post("/review/comments", {
    headers: { origin: new URL(outsider.url()).origin },
    data: { connectionId: other, study: STUDY, recordType: "AdverseEvent", key, act: "resolve" },
  });
  expect(resolve.status()).toBe(404);
  // The thread stands as it was for the organisation.
  await colleague.reload();
  await expect(open.getByRole("row", { name: new RegExp(key) })).toContainText("1, open");
});

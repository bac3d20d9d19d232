/**
 * Every instance stopped and started again: the study opened afterwards is its latest snapshot in the shared
 * PostgreSQL store (docs/snapshots.md), read after one access check, not loaded from the partner again. The audit
 * trail tells which: each record type served to a page is a `study.load` entry, `from: partner` or `from: snapshot`
 * with the snapshot's fingerprint. A reviewer's mark, comment and saved view, written through the proxy to any
 * instance, are there after every instance restarted (docs/review.md), and so are a data-check finding marked seen
 * and when it was first found: they live in the shared store.
 */
import { expect, test } from "@playwright/test";
import { RecordRow, saveView } from "../pages/Review";
import { signIn } from "../support/portal";
import { openStudy, openSubjects, subjectList } from "../support/study";
import { clusterState, instanceBack, killInstance, proxyBack, query } from "./cluster";

const STUDY = "CARD-201";

type Load = { details: string };

/** The study's loads recorded after entry `after`, as their details. */
const loadsAfter = async (after: number) =>
  (
    await query<Load>("SELECT details FROM audit_log WHERE action = 'study.load' AND study = $1 AND id > $2", [
      STUDY,
      after,
    ])
  ).map((r) => JSON.parse(r.details) as { kind: string; from?: string; snapshot?: string });

test("after every instance restarts, the study opens from its stored snapshot, not from the partner", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  await openSubjects(page, STUDY);
  const subjects = subjectList(page);
  await expect(subjects).toBeVisible({ timeout: 60_000 });
  const before = await subjects.locator("tbody tr").count();
  // Kept beside the rows being served: wait until the store holds the record types the page read.
  await expect
    .poll(async () => (await query("SELECT id FROM study_snapshots WHERE study = $1", [STUDY])).length, {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(2);
  const [{ max }] = await query<{ max: string }>("SELECT max(id) AS max FROM audit_log");

  const instances = clusterState().instances;
  for (const instance of instances) killInstance(instance);
  for (const instance of instances) await instanceBack(instance);
  await proxyBack();

  // The session outlives the instances (docs/deployment.md): the study opens again without a sign-in.
  await openSubjects(page, STUDY);
  await expect(subjects).toBeVisible({ timeout: 60_000 });
  expect(await subjects.locator("tbody tr").count()).toBe(before);
  const loads = await loadsAfter(Number(max));
  expect(loads.length).toBeGreaterThan(0);
  for (const load of loads) {
    expect(load.from, load.kind).toBe("snapshot");
    expect(load.snapshot, load.kind).toMatch(/^[0-9a-f]{64}$/);
  }
});

test("a reviewer's mark, comment, saved view and finding seen outlive every instance's restart", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);
  await openStudy(page, STUDY);
  const nav = page.getByRole("navigation", { name: "Study sections" });
  await nav.getByRole("link", { name: "Adverse events" }).click();
  const listing = page.getByRole("table", { name: /^Adverse events of study/ });
  const row = new RecordRow(listing.locator("tbody tr").first());
  const markButton = row.row.getByRole("button", { name: /^Mark reviewed: adverse event / });
  await expect(markButton).toBeVisible({ timeout: 60_000 });
  const record = ((await markButton.getAttribute("aria-label")) ?? "").replace(/^Mark reviewed: /, "");
  expect(record).toMatch(/^adverse event \S+/);
  await row.mark();
  const thread = await row.openComments(page);
  await thread.write("Kept across restarts.");
  await thread.close();
  await saveView(page, "Before the restart");
  // A data-check finding marked seen, and when it was first found, are the organisation's in the shared store too.
  await nav.getByRole("link", { name: "Data checks" }).click();
  const findings = page.getByRole("table", { name: /^Findings of study/ });
  const seenButton = findings.getByRole("button", { name: /^Mark seen: / }).first();
  await expect(seenButton).toBeVisible({ timeout: 60_000 });
  const finding = ((await seenButton.getAttribute("aria-label")) ?? "").replace(/^Mark seen: /, "");
  const firstFound = async () => {
    const header = await findings.locator("thead tr").first().locator("th").allTextContents();
    const at = header.findIndex((h) => h.trim().startsWith("First found"));
    const row = findings.locator("tbody tr").filter({ has: page.getByRole("button", { name: `Unmark: ${finding}` }) });
    return (await row.first().locator("td").nth(at).textContent())?.trim();
  };
  await seenButton.click();
  await expect(findings.getByRole("button", { name: `Unmark: ${finding}` }).first()).toBeVisible({ timeout: 30_000 });
  const foundBefore = await firstFound();
  expect(foundBefore).toMatch(/UTC/);
  await nav.getByRole("link", { name: "Adverse events" }).click();
  await expect(listing).toBeVisible({ timeout: 60_000 });

  const instances = clusterState().instances;
  for (const instance of instances) killInstance(instance);
  for (const instance of instances) await instanceBack(instance);
  await proxyBack();

  await page.reload();
  await expect(page.getByRole("button", { name: `Unmark: ${record}` })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("button", { name: `Comments on ${record}: 1, open` })).toBeVisible();
  await nav.getByRole("link", { name: "Saved views" }).click();
  await expect(page.getByRole("link", { name: "Before the restart", exact: true })).toBeVisible({ timeout: 60_000 });
  await nav.getByRole("link", { name: "Data checks" }).click();
  await expect(findings.getByRole("button", { name: `Unmark: ${finding}` }).first()).toBeVisible({ timeout: 60_000 });
  expect(await firstFound()).toBe(foundBefore);
});

/**
 * An instance killed outright (kill -9: no stop, no grace) while it loads a study, and while it writes an export:
 * the next request through the proxy succeeds on another instance or says to start again; no half-written file is
 * handed out; the audit trail still verifies as one gapless chain. The cluster script starts the killed instance
 * again; each test waits for it, so that the next finds three.
 */
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "../support/portal";
import { openSubjects, SUBJECTS_VIEW } from "../support/study";
import { answeredBy, auditShape, instanceAt, instanceBack, killInstance, verifyAudit } from "./cluster";
import { exportCsv, type JobAnswer, jobAnswer, startExport, untilSettled } from "./export-jobs";

const subjects = (page: Page) => page.getByRole("table", { name: /Subjects of study/ });

/** The study page's own status line while it loads (e2e/support/study.ts, studyLoaded). */
const loading = (page: Page) =>
  page.getByRole("status").filter({ hasText: /(Loading|Reloading) the study from the partner service/ });

/** The study's address, from the studies page, without opening it. */
async function studyPath(page: Page, study: string): Promise<string> {
  await page.goto("/");
  const href = await page.getByRole("link", { name: study, exact: true }).first().getAttribute("href");
  expect(href).toMatch(new RegExp(`^/studies/[^/]+/${study}$`));
  return href!;
}

test("an instance killed while it loads a study: the page opened again gets the study from another", async ({
  page,
}) => {
  await signIn(page);
  // A study no other spec opens: no instance holds it yet. Its subject list, below the study's own address.
  const path = `${await studyPath(page, "CARD-201")}${SUBJECTS_VIEW}`;
  // The page streams its progress: its headers arrive (naming the instance) while the load runs.
  const first = await page.goto(path, { waitUntil: "commit" });
  const loader = instanceAt(answeredBy(first!.headers())!);
  await expect(loading(page)).toBeVisible();
  killInstance(loader);

  await page.goto(path);
  // The study, or words saying to try again, after which it opens.
  const retry = page.getByRole("alert").filter({ hasText: /again|Refresh/ });
  await expect(subjects(page).or(retry).first()).toBeVisible({ timeout: 60_000 });
  if (!(await subjects(page).isVisible())) {
    await page.goto(path);
    await expect(subjects(page)).toBeVisible({ timeout: 60_000 });
  }
  await instanceBack(loader);
});

test("an instance killed while it writes an export: no partial file is handed out, and the export runs again", async ({
  page,
}) => {
  await signIn(page);
  await openSubjects(page, "ONC-101");
  await expect(subjects(page)).toBeVisible({ timeout: 60_000 });
  const connectionId = decodeURIComponent(new URL(page.url()).pathname.split("/")[2]);
  // Every laboratory result: thousands of rows, at the cluster's 2,500 rows a second (playwright.cluster.config.ts).
  const body = { connectionId, study: "ONC-101", view: "laboratory", table: "all-results", format: "csv" as const };
  const { id, port } = await startExport(page, body);
  const writer = instanceAt(port);
  await expect
    .poll(async () => {
      const a = await jobAnswer(page, id, writer.url);
      return a.state === "running" && a.rowsWritten > 0;
    })
    .toBe(true);
  killInstance(writer);

  // Through the proxy, as the browser keeps asking: the job ends in words, or (run elsewhere) with its whole file.
  const settled: JobAnswer = await untilSettled(page, id);
  if (settled.state === "done") {
    const file = await exportCsv(page, id);
    expect(file.rows).toBe(settled.total);
    expect(file.sha256).toBe(settled.sha256);
  } else {
    expect(settled.message, `the job's state: ${settled.state}`).toMatch(/again/i);
    // Asked of every instance in turn: none hands out a file.
    for (let n = 0; n < 3; n++) expect((await page.request.get(`/exports/${id}/file`)).status()).not.toBe(200);
  }

  // Started again through the proxy, it completes with every row.
  const again = await startExport(page, body);
  const done = await untilSettled(page, again.id);
  expect(done.state).toBe("done");
  const file = await exportCsv(page, again.id);
  expect(file.rows).toBe(done.total);
  expect(file.sha256).toBe(done.sha256);
  await instanceBack(writer);
});

test("after the kills, the audit trail verifies as one gapless chain", async () => {
  const shape = await auditShape();
  expect(shape.entries).toBeGreaterThan(0);
  expect(shape.lastId).toBe(shape.entries);
  expect(shape.hashes).toBe(shape.entries);
  // Entries may be appended while it runs (a refusal's count written after its minute, docs/audit.md).
  for (const intact of await verifyAudit()) expect(intact).toBeGreaterThanOrEqual(shape.entries);
});

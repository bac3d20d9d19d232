/**
 * A user's visit through the proxy, whose requests land on every instance in turn (round robin, no sticky
 * sessions): sign-in, a study, a view, an export and its download, sign-out, each working whichever instance
 * answers. The proxy names the instance of each answer (scripts/cluster/nginx.sh).
 */
import { readFile } from "node:fs/promises";
import { type Download, expect, type Locator, type Response, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { SignInPage } from "../pages/SignInPage";
import { signIn } from "../support/portal";
import { openSubjects, studyLoaded } from "../support/study";
import { answeredBy, clusterState } from "./cluster";

const STUDY = "ONC-101";

/**
 * The export control's CSV download (as e2e/pages/ExportControl.ts starts it), or the test's failure with the words
 * the control shows when the export fails (an instance that does not know the job, say), without waiting longer.
 */
async function downloadOrFail(group: Locator): Promise<Download> {
  const page = group.page();
  const downloading = page.waitForEvent("download", { timeout: 60_000 });
  await group.getByRole("button", { name: "Download CSV" }).click();
  const failure = group.getByRole("alert");
  const failed = failure
    .waitFor({ timeout: 60_000 })
    .then(async () => `the export failed: ${await failure.textContent()}`);
  const outcome = await Promise.race([downloading, failed]);
  downloading.catch(() => undefined);
  failed.catch(() => undefined);
  if (typeof outcome === "string") throw new Error(outcome);
  await expect(group.getByRole("status")).toContainText("Done:");
  return outcome;
}

test("sign-in, a study, a view, an export and its download, sign-out: served by all three instances", async ({
  page,
}) => {
  // The portal's own answers (pages, their data, the auth and export routes), not Next.js's static files.
  const servedBy = new Map<string, Set<number>>();
  page.on("response", (res: Response) => {
    const path = new URL(res.url()).pathname;
    const port = answeredBy(res.headers());
    if (port === undefined || path.startsWith("/_next/static/")) return;
    servedBy.set(path, (servedBy.get(path) ?? new Set()).add(port));
  });

  await signIn(page);
  await openSubjects(page, STUDY);
  const nav = page.getByRole("navigation", { name: "Study sections" });
  await nav.getByRole("link", { name: "Adverse events" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Adverse events" })).toBeVisible();
  await studyLoaded(page);

  await nav.getByRole("link", { name: "Subjects" }).click();
  const caption = `Subjects of study ${STUDY}`;
  const table = page.getByRole("table", { name: new RegExp(caption) });
  await expect(table).toBeVisible();
  const subjects = Number(/\((\d+)\)$/.exec((await table.locator("caption").textContent())?.trim() ?? "")?.[1]);
  expect(subjects).toBeGreaterThan(0);
  const download = await downloadOrFail(page.getByRole("group", { name: `Export ${caption}` }));
  const [header, ...rows] = parse(await readFile((await download.path())!), { bom: true }) as string[][];
  // The Review column first, as on the page (docs/review.md).
  expect(header.slice(0, 2)).toEqual(["Review", "Subject ID (SUBJID)"]);
  expect(rows).toHaveLength(subjects);

  await new SignInPage(page).signOut();

  const ports = new Set([...servedBy.values()].flatMap((s) => [...s]));
  expect(
    [...ports].sort((a, b) => a - b),
    "instances that answered",
  ).toEqual(clusterState().instances.map((i) => i.port));
});

/**
 * The study export pack in a browser: an export job started for ONC-101 from the study's page ("Export pack (ZIP)"),
 * followed in rows written, downloaded from the job's file and read back here (yauzl); every file the manifest lists
 * is in the ZIP with the size and SHA-256 it states, and the rows of a few domains are as many as the partner API's
 * own records, fetched here over HTTP. A pack can be cancelled and leaves no file; a study the connection does not
 * grant (ONC-102) fails the pack's job in words, and another user's connection is not found. Nothing of lib/ is
 * imported.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { type Manifest, packControl, readZip, startPack } from "../../support/pack";
import { northstarToken, type Res, searchAll } from "../../support/partner-api";
import { signIn } from "../../support/portal";
import { ROOT } from "../../support/server";
import { openStudy } from "../../support/study";

/** Where the e2e server keeps export files: beside its portal database (playwright.config.ts). */
const EXPORT_DIR = join(ROOT, "data/e2e/exports");

/** Data rows of a CSV file: its lines but the header (the pack's values hold no line breaks). */
const csvRows = (b: Buffer) => b.toString("utf8").split("\r\n").filter(Boolean).length - 1;

test("the export pack of ONC-101: every file as the manifest states, rows as many as the API's records", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await openStudy(page, "ONC-101");
  const control = packControl(page, "ONC-101");
  const downloading = page.waitForEvent("download", { timeout: 90_000 });
  const id = await startPack(page, "ONC-101");
  // The e2e server writes at most 2,500 rows a second (playwright.config.ts): the pack's progress is seen.
  await expect(control.getByRole("status")).toHaveText(/^Writing [\d,]+ of [\d,]+ rows$/);
  const download = await downloading;
  await expect(control.getByRole("status")).toContainText("Done:");
  const zip = await readFile((await download.path())!);
  // The job's file again, as its owner: the same bytes, as a ZIP attachment.
  const again = await page.request.get(`/exports/${id}/file`);
  expect(again.headers()["content-type"]).toBe("application/zip");
  expect(again.headers()["content-disposition"]).toBe(`attachment; filename="${download.suggestedFilename()}"`);
  expect(Buffer.from(await again.body()).equals(zip)).toBe(true);
  const files = await readZip(zip);
  const manifest = JSON.parse(files.get("manifest.json")!.toString("utf8")) as Manifest;

  expect(download.suggestedFilename()).toBe(`ONC-101_export-pack_${manifest.dataAsOf.slice(0, 10)}.zip`);
  expect(manifest).toMatchObject({ study: "ONC-101", connection: { partnerId: "NORTHSTAR" } });
  // The latest data's study snapshot, as the Changes section lists it (docs/snapshots.md).
  expect(manifest.snapshot).toMatchObject({ kind: "latest", fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) });
  expect(manifest.sponsorStudyNumber).toBeTruthy();
  expect([...files.keys()].sort()).toEqual([...manifest.files.map((f) => f.name), "manifest.json"].sort());
  for (const f of manifest.files) {
    const bytes = files.get(f.name)!;
    expect([f.name, bytes.length, createHash("sha256").update(bytes).digest("hex")]).toEqual([
      f.name,
      f.bytes,
      f.sha256,
    ]);
  }

  const token = await northstarToken(request);
  const records = (path: string) => searchAll(request, token, `${path}researchstudy=ONC-101&_count=1000`);
  const events = await records("AdverseEvent?");
  // The study drug: a medication whose drug names a product the adverse events hold suspect (docs/export-pack.md).
  const products = new Set(
    events.flatMap((e: Res) =>
      ((e.suspectEntity as { causality?: { productRelatedness?: string }[] }[] | undefined) ?? []).flatMap((x) =>
        (x.causality ?? []).map((c) => c.productRelatedness?.trim().toLowerCase() ?? ""),
      ),
    ),
  );
  const meds = await records("MedicationStatement?");
  const drugOf = (m: Res) => ((m.medicationCodeableConcept as { text?: string }).text ?? "").toLowerCase();
  const studyDrug = meds.filter((m: Res) => [...products].some((p) => p.length >= 3 && drugOf(m).includes(p)));
  // RS holds no overall response at baseline (timepoint 0).
  const timepoint = (r: Res) =>
    (r.extension as { url: string; valueInteger?: number }[]).find((x) => x.url.endsWith("#Timepoint"))?.valueInteger;
  const expected: Record<string, number> = {
    DM: (await records("Patient?")).length,
    // Each event once, by its key.
    AE: new Set(events.map((e: Res) => (e.identifier as { value: string }).value)).size,
    LB: (await records("observation?category=laboratory&")).length,
    CM: meds.length - studyDrug.length,
    EX: studyDrug.length,
    RS: (await records("DiagnosticReport?")).filter((r: Res) => timepoint(r) !== 0).length,
  };
  for (const [domain, n] of Object.entries(expected)) {
    expect(n, domain).toBeGreaterThan(0);
    const listed = manifest.files.filter((f) => f.name.startsWith(`sdtm/${domain}.`)).map((f) => f.rows);
    const json = JSON.parse(files.get(`sdtm/${domain}.json`)!.toString("utf8")) as { records: number; rows: [] };
    expect([...listed, csvRows(files.get(`sdtm/${domain}.csv`)!), json.records, json.rows.length], domain).toEqual([
      n,
      n,
      n,
      n,
      n,
    ]);
  }

  // The pack is on the user's audit trail, with the ZIP's name and SHA-256 (recorded once the ZIP is written whole).
  const zipSha256 = createHash("sha256").update(zip).digest("hex");
  const summary = `Exported the study pack: ${manifest.files.length} files, ${rowsText(manifest)} rows`;
  await expect
    .poll(async () => {
      await page.goto("/settings/activity?action=export.pack");
      return page.locator("tr", { hasText: zipSha256 }).locator("[data-summary]").allTextContents();
    })
    .toEqual([`${summary}, file ${download.suggestedFilename()}.`]);
});

/** The pack's rows over every file, as the audit entry's summary writes a count (en-GB digits). */
const rowsText = (m: Manifest) => m.files.reduce((sum, f) => sum + f.rows, 0).toLocaleString("en-GB");

test("a pack can be cancelled while it is written: it says so, and no file is left", async ({ page }) => {
  await signIn(page);
  await openStudy(page, "ONC-101");
  const control = packControl(page, "ONC-101");
  const id = await startPack(page, "ONC-101");
  await expect(control.getByRole("status")).toHaveText(/^Writing [\d,]+ of [\d,]+ rows$/);
  await control.getByRole("button", { name: "Cancel" }).click();
  await expect(control.getByRole("alert")).toHaveText(/^Cancelled\. You cancelled this export\./);
  expect(existsSync(join(EXPORT_DIR, `${id}.zip`))).toBe(false);
  expect((await page.request.get(`/exports/${id}/file`)).status()).toBe(409);
  const job = (await (await page.request.get(`/exports/${id}`)).json()) as Record<string, unknown>;
  expect(job.state).toBe("cancelled");
  expect(job.rowsWritten).toBeLessThan(job.total as number);
});

test("a refused study offers no pack; one asked for fails in words; another user's connection is not found", async ({
  page,
}) => {
  await signIn(page);
  await openStudy(page, "ONC-102");
  // The study's page says why it shows nothing, and offers no pack (docs/design.md, Nothing offered that does not
  // apply); the pack asked for all the same (a request made by hand) is refused by its job, in words.
  await expect(page.getByRole("alert").first()).toContainText("does not grant partner NORTHSTAR access");
  await expect(packControl(page, "ONC-102")).toHaveCount(0);
  const connectionId = decodeURIComponent(new URL(page.url()).pathname.split("/")[2]);
  const started = await page.request.post("/exports", { data: { connectionId, study: "ONC-102", format: "zip" } });
  expect(started.status()).toBe(202);
  const { id } = (await started.json()) as { id: string };
  // The pack's job prepares the study's rows itself (so that it can be cancelled meanwhile): the refusal ends it.
  await expect
    .poll(async () => ((await (await page.request.get(`/exports/${id}`)).json()) as { state: string }).state, {
      timeout: 30_000,
    })
    .toBe("failed");
  const job = (await (await page.request.get(`/exports/${id}`)).json()) as { state: string; reason: string };
  expect(job).toMatchObject({ state: "failed", reason: expect.stringContaining("No access to this study") });
  expect(job.reason).toContain("does not grant partner NORTHSTAR access to study ONC-102");
  expect(existsSync(join(EXPORT_DIR, `${id}.zip`))).toBe(false);
  expect((await page.request.get(`/exports/${id}/file`)).status()).toBe(409);
  const other = await page.request.post("/exports", {
    data: { connectionId: `${connectionId}-not-mine`, study: "ONC-101", format: "zip" },
  });
  expect(other.status()).toBe(404);
  expect(((await other.json()) as { error: string }).error).toBe("There is no such study on your connections.");
});

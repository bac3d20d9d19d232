/**
 * The study export pack in a browser: downloaded for ONC-101 from the study's page and read back here (yauzl);
 * every file the manifest lists is in the ZIP with the size and SHA-256 it states, and the rows of a few domains
 * are as many as the partner API's own records, fetched here over HTTP. A study the connection does not grant
 * (ONC-102) is refused in words, and another user's connection is not found. Nothing of lib/ is imported.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import yauzl from "yauzl";
import { northstarToken, openStudy, type Res, searchAll, signIn } from "./study-steps";

function readZip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err) return reject(err);
      const entries = new Map<string, Buffer>();
      file.on("end", () => resolve(entries));
      file.on("entry", (entry: yauzl.Entry) =>
        file.openReadStream(entry, (openErr, stream) => {
          if (openErr) return reject(openErr);
          const parts: Buffer[] = [];
          stream.on("data", (b: Buffer) => parts.push(b));
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(parts));
            file.readEntry();
          });
        }),
      );
      file.readEntry();
    });
  });
}

interface Manifest {
  study: string;
  sponsorStudyNumber: string | null;
  connection: { name: string; partnerId: string };
  dataAsOf: string;
  createdAt: string;
  user: { email: string };
  files: { name: string; rows: number; bytes: number; sha256: string }[];
}

/** Data rows of a CSV file: its lines but the header (the pack's values hold no line breaks). */
const csvRows = (b: Buffer) => b.toString("utf8").split("\r\n").filter(Boolean).length - 1;

test("the export pack of ONC-101: every file as the manifest states, rows as many as the API's records", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await openStudy(page, "ONC-101");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download export pack" }).click();
  const download = await downloading;
  const zip = await readFile((await download.path())!);
  const files = await readZip(zip);
  const manifest = JSON.parse(files.get("manifest.json")!.toString("utf8")) as Manifest;

  expect(download.suggestedFilename()).toBe(`ONC-101_export-pack_${manifest.dataAsOf.slice(0, 10)}.zip`);
  expect(manifest).toMatchObject({ study: "ONC-101", connection: { partnerId: "NORTHSTAR" } });
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
  const expected: Record<string, number> = {
    DM: (await records("Patient?")).length,
    // Each event once, by its key.
    AE: new Set(events.map((e: Res) => (e.identifier as { value: string }).value)).size,
    LB: (await records("observation?category=laboratory&")).length,
    CM: (await records("MedicationStatement?")).length,
    RS: (await records("DiagnosticReport?")).length,
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

test("a study the connection does not grant is refused in words; another user's connection is not found", async ({
  page,
}) => {
  await signIn(page);
  await openStudy(page, "ONC-102");
  const href = (await page.getByRole("link", { name: "Download export pack" }).getAttribute("href"))!;
  const refused = await page.request.get(href);
  expect(refused.status()).toBe(403);
  expect(refused.headers()["content-type"]).toMatch(/^text\/plain/);
  const text = await refused.text();
  expect(text).toContain("No access to this study");
  expect(text).toContain("does not grant partner NORTHSTAR access to study ONC-102");
  const other = await page.request.get(href.replace(/^\/studies\/[^/]+\//, "/studies/no-such-connection/"));
  expect(other.status()).toBe(404);
});

/**
 * A whole pack of the demo study, from the in-process partner service through the study cache, read back with
 * yauzl: every file the manifest lists, with its size and SHA-256 recomputed here from the bytes; row counts
 * against the API's own records, counted here; every --DTC value ISO 8601 (a pattern written here).
 */
import { createHash } from "node:crypto";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestService, type TestService } from "@/partner-service/testing";
import { PACK_PARTS } from "@/sections/exports";
import { expectedRows } from "./expected-rows";
import { type DemoPack, demoPack } from "./testing";

let t: TestService;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 12, visits: 4 } });
});
afterAll(() => t.db.close());

// ISO 8601 dates and date-times, to the precision known (a birth year alone), written here, not imported.
const ISO = /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/;
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

const pack = (study: string) => demoPack(t, study, PACK_PARTS);

describe("the export pack of a RECIST study", () => {
  let p: DemoPack;
  beforeAll(async () => {
    p = await pack("ONC-101");
  });

  it("holds exactly the files the manifest lists, each of the size and SHA-256 it states", () => {
    expect([...p.files.keys()].sort()).toEqual([...p.manifest.files.map((f) => f.name), "manifest.json"].sort());
    for (const f of p.manifest.files) {
      const bytes = p.files.get(f.name)!;
      expect({ name: f.name, bytes: bytes.length, sha256: sha256(bytes) }).toEqual({
        name: f.name,
        bytes: f.bytes,
        sha256: f.sha256,
      });
    }
    expect(p.summary.zipBytes).toBe(p.zip.length);
    expect(p.summary.zipSha256).toBe(sha256(p.zip));
  });

  it("names the study, the sponsor's number, the connection, the portal and the user", () => {
    const sponsor = new Set(
      t.db.prepare("SELECT sponsor_study_number AS s FROM studies WHERE study_number = 'ONC-101'").all(),
    );
    expect(p.manifest).toMatchObject({
      study: "ONC-101",
      sponsorStudyNumber: [...sponsor].map((r) => (r as { s: string }).s)[0],
      connection: { name: "Trial site", partnerId: "NORTHSTAR" },
      user: { email: "a@b.test", name: "A" },
      datasetJsonVersion: "1.1.0",
      recordsRefused: [],
    });
    expect(p.manifest.portalVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(Date.parse(p.manifest.dataAsOf)).toBeLessThanOrEqual(Date.parse(p.manifest.createdAt));
    expect(p.summary.fileName).toBe(`ONC-101_export-pack_${p.manifest.dataAsOf.slice(0, 10)}.zip`);
  });

  it("has as many rows per domain as the API's records give by the pack's rules", async () => {
    const expected = await expectedRows(t, "ONC-101");
    for (const [domain, n] of Object.entries(expected)) {
      expect(n, domain).toBeGreaterThan(0);
      const rowsOf = (name: string) => p.manifest.files.find((f) => f.name === name)?.rows;
      expect([rowsOf(`sdtm/${domain}.csv`), rowsOf(`sdtm/${domain}.json`)], domain).toEqual([n, n]);
      const csv = parse(p.files.get(`sdtm/${domain}.csv`)!, { columns: true }) as Record<string, string>[];
      const json = JSON.parse(p.files.get(`sdtm/${domain}.json`)!.toString("utf8")) as { records: number; rows: [] };
      expect([csv.length, json.records, json.rows.length], domain).toEqual([n, n, n]);
    }
  });

  it("writes every --DTC in ISO 8601, in the CSV and the Dataset-JSON alike", () => {
    let dates = 0;
    for (const [name, bytes] of p.files) {
      if (!name.startsWith("sdtm/")) continue;
      if (name.endsWith(".csv")) {
        for (const row of parse(bytes, { columns: true }) as Record<string, string>[])
          for (const [column, value] of Object.entries(row))
            if (column.endsWith("DTC") && value !== "") {
              dates++;
              expect(value, `${name} ${column}`).toMatch(ISO);
            }
        continue;
      }
      const json = JSON.parse(bytes.toString("utf8")) as { columns: { name: string }[]; rows: unknown[][] };
      const at = json.columns.flatMap((c, i) => (c.name.endsWith("DTC") ? [i] : []));
      for (const row of json.rows) for (const i of at) if (row[i] !== null) expect(row[i], name).toMatch(ISO);
    }
    expect(dates).toBeGreaterThan(1000);
  });

  it("reports progress up to every file and row", () => {
    const rows = p.manifest.files.reduce((n, f) => n + f.rows, 0);
    expect(p.progress.at(-1)).toEqual([p.manifest.files.length + 1, rows]);
    expect(p.summary.rows).toBe(rows);
  });
});

describe("the export pack of a study without response data", () => {
  it("has no TU, TR or RS, and no best-response table", async () => {
    const { manifest } = await pack("CARD-201");
    const names = manifest.files.map((f) => f.name);
    expect(names.filter((n) => n.startsWith("sdtm/"))).toEqual(
      ["DM", "AE", "LB", "VS", "CM", "EX"].flatMap((d) => [`sdtm/${d}.csv`, `sdtm/${d}.json`]),
    );
    expect(names.filter((n) => !n.startsWith("sdtm/"))).toEqual([
      "derived/ae-summary-by-worst-grade.csv",
      "derived/data-check-findings.csv",
      "data-dictionary.csv",
      "data-dictionary.json",
    ]);
  });
});

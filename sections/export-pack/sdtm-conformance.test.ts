/**
 * The demo study's pack against the standards it claims, each check written here from the standard, not from the
 * code under test: every SDTMIG 3.4 Required and Expected variable of each domain present (the table in
 * lib/export/pack/fixtures/sdtmig-3.4-core.ts, with its source), --TESTCD values SDTMIG accepts, ISO 8601 in every
 * date variable, USUBJID with --SEQ and the natural keys unique, and each Dataset-JSON file valid against the
 * Dataset-JSON 1.1 schema (lib/export/pack/fixtures/dataset-json-1.1.schema.json, source in its README).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import Ajv2019 from "ajv/dist/2019";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SDTMIG_CORE } from "@/lib/export/pack/fixtures/sdtmig-3.4-core";
import { createTestService, type TestService } from "@/partner-service/testing";
import { PACK_PARTS } from "@/sections/exports";
import { type DemoPack, datasetCsv, datasetJson, datasetRecords, demoPack, sdtmDomains } from "./testing";

const SCHEMA = JSON.parse(
  readFileSync(
    fileURLToPath(new URL("../../lib/export/pack/fixtures/dataset-json-1.1.schema.json", import.meta.url)),
    "utf8",
  ),
);
// The schema's own annotations (metamodel_version, version) are no JSON Schema keywords: not strict about them.
const validate = new Ajv2019({ strict: false, allErrors: true }).compile(SCHEMA);

// SDTMIG 3.4: at most 8 characters, letters, digits and underscores, not starting with a digit.
const TESTCD = /^[A-Za-z_][A-Za-z0-9_]{0,7}$/;
// ISO 8601 dates and date-times to the precision known (a year alone, a date, a time with or without seconds).
const TIME = String.raw`T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?`;
const ISO = new RegExp(String.raw`^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01])(${TIME})?)?)?$`);

let t: TestService;
let p: DemoPack;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 12, visits: 4 } });
  p = await demoPack(t, "ONC-101", PACK_PARTS);
});
afterAll(() => t.db.close());

const domains = () => sdtmDomains(p);
const json = (domain: string) => datasetJson(p, domain);
const csv = (domain: string) => datasetCsv(p, domain);
const records = (domain: string) => datasetRecords(p, domain);

describe("the SDTM datasets of the demo pack", () => {
  it("are the domains of the SDTMIG 3.4 table, every one of them for a RECIST study", () => {
    expect(domains().sort()).toEqual(Object.keys(SDTMIG_CORE).sort());
  });

  it("hold every Required and Expected variable of SDTMIG 3.4, in the CSV and the Dataset-JSON alike", () => {
    for (const domain of domains()) {
      const { required, expected } = SDTMIG_CORE[domain];
      const columns = json(domain).columns.map((c) => c.name);
      const header = Object.keys(csv(domain)[0] ?? {});
      for (const name of [...required, ...expected]) {
        expect(columns, `${domain} ${name}`).toContain(name);
        expect(header, `${domain} ${name}`).toContain(name);
      }
    }
  });

  it("are each valid Dataset-JSON 1.1, by a schema that refuses what is not", () => {
    const dm = json("DM");
    const { columns: _, ...noColumns } = dm;
    expect(validate(noColumns)).toBe(false);
    expect(validate({ ...dm, datasetJSONVersion: "1.0.0" })).toBe(false);
    expect(validate({ ...dm, columns: [{ ...dm.columns[0], dataType: "text" }] })).toBe(false);
    for (const domain of domains()) {
      const ok = validate(json(domain));
      expect(validate.errors ?? [], domain).toEqual([]);
      expect(ok, domain).toBe(true);
    }
  });

  it("give every --TESTCD a value SDTMIG accepts, and every test a name that is not its code", () => {
    let codes = 0;
    for (const domain of domains())
      for (const r of records(domain))
        for (const [name, value] of Object.entries(r)) {
          if (!name.endsWith("TESTCD")) continue;
          codes++;
          expect(value, `${domain} ${name}`).toMatch(TESTCD);
          const test = r[name.replace(/CD$/, "")];
          expect(test, `${domain} ${name} ${value}`).toEqual(expect.any(String));
          if (domain === "LB") expect(test, `${domain} ${value}`).not.toBe(value);
        }
    expect(codes).toBeGreaterThan(1000);
  });

  it("write every date variable in ISO 8601, typed date or datetime", () => {
    let dates = 0;
    for (const domain of domains()) {
      const { columns } = json(domain);
      for (const c of columns.filter((c) => c.name.endsWith("DTC"))) {
        expect([c.name, c.dataType].join(" "), domain).toMatch(/ (date|datetime)$/);
        for (const r of records(domain))
          if (r[c.name] !== null) {
            dates++;
            expect(r[c.name], `${domain} ${c.name}`).toMatch(ISO);
          }
      }
      for (const row of csv(domain))
        for (const [name, value] of Object.entries(row))
          if (name.endsWith("DTC") && value !== "") expect(value).toMatch(ISO);
    }
    expect(dates).toBeGreaterThan(1000);
    // The birth year alone is a date of reduced precision, typed as CDISC's own Dataset-JSON 1.1 DM example types it.
    expect(json("DM").columns.find((c) => c.name === "BRTHDTC")?.dataType).toBe("date");
    expect(
      records("DM")
        .map((r) => r.BRTHDTC)
        .filter((v) => v !== null),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/^\d{4}$/)]));
  });

  it("number --SEQ uniquely per subject, and keep the natural keys unique, as declared", () => {
    for (const domain of domains()) {
      const { keys } = SDTMIG_CORE[domain];
      const declared = json(domain)
        .columns.filter((c) => c.keySequence !== undefined)
        .sort((a, b) => a.keySequence! - b.keySequence!)
        .map((c) => c.name);
      expect(declared, domain).toEqual(keys);
      const rows = records(domain);
      const unique = (names: readonly string[]) =>
        new Set(rows.map((r) => JSON.stringify(names.map((n) => r[n])))).size;
      expect(unique(keys), `${domain} ${keys.join(", ")}`).toBe(rows.length);
      if (domain !== "DM") expect(unique(["USUBJID", `${domain}SEQ`]), domain).toBe(rows.length);
    }
  });
});

describe("the SDTM rules the pack follows", () => {
  it("gives no overall response at baseline", () => {
    const rs = records("RS");
    expect(rs.length).toBeGreaterThan(0);
    expect(rs.filter((r) => r.VISITNUM === 0 || r.VISIT === "Baseline" || r.RSORRES === "Undefined")).toEqual([]);
  });

  it("measures non-target and new lesions by state, never as a measurement NOT DONE", () => {
    const tr = records("TR");
    const measurements = tr.filter((r) => r.TRTESTCD === "LDIAM" || r.TRTESTCD === "SAXIS");
    expect(measurements.filter((r) => r.TRGRPID !== "TARGET" && r.TRSTAT === "NOT DONE")).toEqual([]);
    expect(tr.filter((r) => r.TRTESTCD === "TUMSTATE" && r.TRGRPID === "NON-TARGET").length).toBeGreaterThan(0);
  });

  it("writes the blood-pressure position as VSPOS on the pressures, not as a test", () => {
    const vs = records("VS");
    expect(vs.filter((r) => r.VSITEM === "Blood Pressure Positioning")).toEqual([]);
    const pressures = vs.filter((r) => r.VSTESTCD === "SYSBP" || r.VSTESTCD === "DIABP");
    expect(pressures.length).toBeGreaterThan(0);
    expect(pressures.filter((r) => r.VSPOS === null)).toEqual([]);
    expect(vs.filter((r) => r.VSPOS !== null && r.VSTESTCD !== "SYSBP" && r.VSTESTCD !== "DIABP")).toEqual([]);
  });

  it("gives DM's reference dates as SDTMIG defines them from EX, and AE's study days from RFSTDTC", () => {
    const dm = records("DM");
    const ex = records("EX");
    const day = (d: unknown) => Date.parse(`${d as string}T00:00:00Z`) / 86_400_000;
    for (const s of dm) {
      const own = ex.filter((e) => e.USUBJID === s.USUBJID && e.EXSTDTC !== null);
      // RFXSTDTC: the earliest EXSTDTC; RFXENDTC: the latest EXENDTC, else EXSTDTC (SDTMIG 3.4, DM), an end before
      // its start read as the start (docs/clinical-rules.md, Exposure per subject).
      const starts = own.map((e) => e.EXSTDTC as string).sort();
      const ends = own.map((e) => {
        const [start, end] = [e.EXSTDTC as string, e.EXENDTC as string | null];
        return end !== null && end >= start ? end : start;
      });
      expect([s.RFXSTDTC, s.RFXENDTC], s.USUBJID as string).toEqual([starts[0] ?? null, ends.sort().at(-1) ?? null]);
      expect(s.RFSTDTC, s.USUBJID as string).toBe(s.RFXSTDTC);
      // No site or country is sent: present and empty; no arm: the reason given.
      expect([s.SITEID, s.COUNTRY, s.ARMCD, s.ARM, s.ACTARMCD, s.ACTARM, s.ARMNRS]).toEqual([
        null,
        null,
        null,
        null,
        null,
        null,
        "NOT IN SOURCE DATA",
      ]);
    }
    expect(dm.filter((s) => s.RFSTDTC !== null).length).toBeGreaterThan(0);
    const dayOne = new Map(dm.map((s) => [s.USUBJID, s.RFSTDTC]));
    let days = 0;
    for (const e of records("AE")) {
      const first = dayOne.get(e.USUBJID);
      if (first === null || first === undefined || e.AESTDTC === null) {
        expect(e.AESTDY).toBeNull();
        continue;
      }
      // Day 1 is RFSTDTC; the day before it is -1: there is no day 0.
      const diff = day(e.AESTDTC) - day(first);
      expect(e.AESTDY, e.AESPID as string).toBe(diff >= 0 ? diff + 1 : diff);
      days++;
    }
    expect(days).toBeGreaterThan(0);
  });
});

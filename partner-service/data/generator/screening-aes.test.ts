/**
 * The demo data's adverse events before and on the day of the first dose (docs/partner-service.md, "Adverse events
 * before the first dose"), read from the served rows only. The rule is stated here once more, not imported
 * (docs/clinical-rules.md, Treatment-emergent adverse events): an event is treatment-emergent when its start, as a
 * calendar day, is on or after the subject's first dose, the earliest start of a medication record whose drug names
 * the study's agent. ISO dates compare as text, so "before" is `start < firstDose` on the `YYYY-MM-DD` parts.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/config/env";
import { createQueries } from "../../queries";
import { type AdverseEventRow, adverseEventResource } from "../../resources/adverse-event";
import { serviceSystems } from "../../resources/build-context";
import { testConfig } from "../../testing";
import { demoStudies } from "./generate-dataset";
import { all, type Db, daysBetween, generate, imperfectKeys } from "./test-fixture";

/** A stored adverse-event row: the served columns, its study and its AE number. */
interface Ae extends AdverseEventRow {
  study_number: string;
  ae_no: number;
}

const day = (iso: string) => iso.slice(0, 10);

/** Each subject's first dose (`YYYY-MM-DDThh:mm:ss`): its earliest medication record naming the study's agent. */
function firstDoses(db: Db): Map<string, string> {
  const rows = all<{ subject_id: string; first: string }>(
    db,
    `SELECT m.subject_id, MIN(m.start_at) AS first FROM medications m JOIN studies s ON s.study_number = m.study_number
     WHERE instr(lower(m.drug), lower(s.agent)) > 0 GROUP BY m.subject_id`,
  );
  return new Map(rows.map((r) => [r.subject_id, r.first]));
}

/** Each served baseline scan's date, by subject. */
function baselines(db: Db): Map<string, string> {
  const rows = all<{ subject_id: string; at: string }>(
    db,
    "SELECT subject_id, MIN(effective_at) AS at FROM assessments WHERE timepoint = 0 AND vis_seq IS NOT NULL " +
      "GROUP BY subject_id",
  );
  return new Map(rows.map((r) => [r.subject_id, day(r.at)]));
}

const aes = (db: Db) => all<Ae>(db, "SELECT * FROM adverse_events ORDER BY rowid");

const e = parseEnv({});
const { db } = generate({
  seed: e.DEMO_SEED,
  studies: demoStudies({ subjects: e.DEMO_SUBJECTS, visits: e.DEMO_VISITS }),
});
const events = aes(db);
const first = firstDoses(db);
const before = events.filter((a) => day(a.start_at) < day(first.get(a.subject_id) ?? "9999"));

const readme = readFileSync(new URL("../../../docs/partner-service.md", import.meta.url), "utf8");
const KINDS = ["before first dose", "on first-dose day"];
/** Rows `| event | study | subject | record | start | first dose | days | term, grade, causality |`. */
const listed = readme
  .split("\n")
  .map((line) => line.split("|").map((cell) => cell.trim().replace(/^`|`$/g, "")))
  .filter((cells) => KINDS.includes(cells[1]))
  .map((cells) => cells.slice(1, 9));
const byKey = new Map(events.map((a) => [a.ae_key, a]));

describe("the documented events around the first dose (docs/partner-service.md)", () => {
  it("list every event of the default demo data that starts before its subject's first dose, and nothing else", () => {
    const documented = listed.filter((r) => r[0] === "before first dose").map((r) => r[3]);
    expect(documented.length).toBe(8);
    expect([...documented].sort()).toEqual(before.map((a) => a.ae_key).sort());
  });

  it("give each record's study, subject, start, first dose, days between, term, grade and causality", () => {
    for (const [kind, study, subject, key, start, dose, days, what] of listed) {
      const a = byKey.get(key);
      expect(a, key).toBeDefined();
      const firstDose = first.get(subject) ?? "";
      expect([a!.study_number, a!.subject_id, day(a!.start_at), day(firstDose)], key).toEqual([
        study,
        subject,
        start,
        dose,
      ]);
      expect(daysBetween(firstDose, a!.start_at), key).toBe(Number(days));
      expect(`${a!.term}, ${a!.grade}, ${a!.causality}`, key).toBe(what);
      expect(kind, key).toBe(Number(days) < 0 ? "before first dose" : "on first-dose day");
    }
  });
});

describe("ONC-101's events around the first dose, worked by hand", () => {
  /** [start day, first-dose day, whether treatment-emergent by the calendar-day rule]. */
  const reading = (key: string) => {
    const a = byKey.get(key)!;
    const dose = day(first.get(a.subject_id)!);
    return [day(a.start_at), dose, day(a.start_at) >= dose];
  };

  it("the four screening events start before the first Zalvotinib record: not treatment-emergent", () => {
    // 104-0007: Constipation from April 16; first dose April 21: 21 - 16 = 5 days before.
    expect(reading("ONC-101-MRN762493-9-1")).toEqual(["2023-04-16", "2023-04-21", false]);
    // 103-0010: June 26 against June 30: 4 days before.
    expect(reading("ONC-101-MRN206292-2-1")).toEqual(["2023-06-26", "2023-06-30", false]);
    // 105-0006: June 25 against June 28: 3 days before, though the fatigue lasts to October 3 (into treatment).
    expect(reading("ONC-101-MRN307010-7-1")).toEqual(["2023-06-25", "2023-06-28", false]);
    expect(byKey.get("ONC-101-MRN307010-7-1")!.end_date).toBe("2023-10-03");
    // 104-0014: July 23 against July 24: the day before, the last day that is not treatment-emergent.
    expect(reading("ONC-101-MRN299836-8-1")).toEqual(["2023-07-23", "2023-07-24", false]);
  });

  it("the first-dose-day event starts at 00:00, before the dose's hour, and is treatment-emergent by its day", () => {
    const a = byKey.get("ONC-101-MRN891572-9-1")!;
    expect(reading(a.ae_key)).toEqual(["2023-04-29", "2023-04-29", true]);
    expect(a.start_at).toBe("2023-04-29T00:00:00");
    // The first dose is later the same day: compared as instants, the event would come first.
    expect(first.get("105-0002")! > a.start_at).toBe(true);
  });

  it("288 events in ONC-101, 284 treatment-emergent (288 - 4), all 40 subjects with both", () => {
    const onc = events.filter((a) => a.study_number === "ONC-101");
    const teae = onc.filter((a) => day(a.start_at) >= day(first.get(a.subject_id)!));
    expect([onc.length, teae.length]).toEqual([288, 284]);
    expect([new Set(onc.map((a) => a.subject_id)).size, new Set(teae.map((a) => a.subject_id)).size]).toEqual([40, 40]);
  });

  it("Constipation 11 subjects, 9 treatment-emergent; Fatigue 24 and 23; Dizziness 3 either way", () => {
    // Constipation: 104-0007 and 103-0010 have no other, so 2 subjects more than the 9 on treatment (11); with
    // teae=1 both drop out again (9). Fatigue: 105-0006 has no other (24), 104-0014 has Fatigue on treatment too, so
    // only 105-0006 drops out (23). Dizziness: 105-0002's starts on the first-dose day and stays (3 and 3).
    const onc = events.filter((a) => a.study_number === "ONC-101");
    const teae = onc.filter((a) => day(a.start_at) >= day(first.get(a.subject_id)!));
    const subjects = (list: Ae[], term: string) =>
      new Set(list.filter((a) => a.term === term).map((a) => a.subject_id));
    const counts = (term: string) => [subjects(onc, term).size, subjects(teae, term).size];
    expect([counts("Constipation"), counts("Fatigue"), counts("Dizziness")]).toEqual([
      [11, 9],
      [24, 23],
      [3, 3],
    ]);
    expect(subjects(teae, "Fatigue").has("104-0014")).toBe(true);
  });
});

describe("the events before the first dose", () => {
  const baseline = baselines(db);

  it("start after the subject's baseline scan, at grade 1 or 2, assessed Unlikely or Unassessable", () => {
    for (const a of before) {
      expect(day(a.start_at) > (baseline.get(a.subject_id) ?? "9999"), a.ae_key).toBe(true);
      expect([1, 2], a.ae_key).toContain(a.grade);
      expect(["Unlikely", "Unassessable/Unclassifiable"], a.ae_key).toContain(a.causality);
    }
  });

  it("are served with the study's agent as suspect product", () => {
    const cfg = testConfig();
    const a = before.find((x) => x.study_number === "ONC-101")!;
    const ctx = {
      api: `${cfg.baseUrl}/api`,
      structureBase: cfg.structureBase,
      ctcBase: cfg.ctcBase,
      systems: serviceSystems(cfg.structureBase, cfg.ctcBase),
      study: createQueries(db).study("ONC-101")!,
    };
    const causality = adverseEventResource(a, ctx).suspectEntity?.[0].causality?.[0];
    expect(causality?.productRelatedness).toBe("Zalvotinib");
    expect(["Unlikely", "Unassessable/Unclassifiable"]).toContain(causality?.assessment?.coding?.[0].display);
  });

  it("take the AE number after the subject's others, which stay numbered 1 to n", () => {
    const listedKeys = new Set(listed.map((r) => r[3]));
    for (const key of listedKeys) {
      const a = byKey.get(key)!;
      const others = events.filter((o) => o.subject_id === a.subject_id && !listedKeys.has(o.ae_key));
      const numbers = [...new Set(others.map((o) => o.ae_no))].sort((x, y) => x - y);
      expect(numbers, key).toEqual(numbers.map((_, i) => i + 1));
      expect([a.ae_no, a.seq_no], key).toEqual([numbers.length + 1, 1]);
    }
  });

  it("belong to subjects without a deliberate imperfection", () => {
    const flawed = new Set(
      [...imperfectKeys(db, "ae_missing_grade"), ...imperfectKeys(db, "ae_end_before_start")].map(
        (k) => byKey.get(k)!.subject_id,
      ),
    );
    for (const r of listed) expect(flawed.has(r[2]), r[2]).toBe(false);
  });

  it("are the same in data generated without imperfections", () => {
    const clean = generate({
      seed: e.DEMO_SEED,
      studies: demoStudies({ subjects: e.DEMO_SUBJECTS, visits: e.DEMO_VISITS }),
      imperfections: false,
    });
    const strip = ({ seq: _, ...rest }: Ae & { seq?: number }) => rest;
    const cleanByKey = new Map(aes(clean.db).map((a) => [a.ae_key, a]));
    for (const r of listed) expect(strip(cleanByKey.get(r[3])!), r[3]).toEqual(strip(byKey.get(r[3])!));
  });
});

describe("events before the first dose in the data of another seed", () => {
  const other = generate();
  const doses = firstDoses(other.db);
  const early = aes(other.db).filter((a) => day(a.start_at) < day(doses.get(a.subject_id)!));
  const perStudy = (study: string) => early.filter((a) => a.study_number === study);

  it("one subject in ten of each oncology study with free subjects (4 of 40), none in the others", () => {
    expect(perStudy("ONC-101").length).toBe(4);
    expect(perStudy("ONC-102").length).toBe(4);
    expect(perStudy("ONC-103").length).toBe(0);
    expect(perStudy("CARD-201").length).toBe(0);
    for (const study of ["ONC-101", "ONC-102"])
      expect(new Set(perStudy(study).map((a) => a.subject_id)).size, study).toBe(4);
  });

  it("exactly one of each study's starting the day before the first dose", () => {
    for (const study of ["ONC-101", "ONC-102"]) {
      const gaps = perStudy(study).map((a) => daysBetween(doses.get(a.subject_id)!, a.start_at));
      expect(
        gaps.filter((g) => g === -1),
        study,
      ).toHaveLength(1);
      for (const g of gaps) expect(g, study).toBeLessThan(0);
    }
  });
});

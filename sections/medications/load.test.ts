/**
 * The medications loader through the cache against the in-process partner
 * service. Expected values come from the service's database with SQL
 * (docs/clinical-rules.md, Medications), not from the portal's functions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachedStudy } from "@/lib/study/study-rows";
import { cacheWithLog as logCache } from "@/lib/study/testing";
import type { StudyCache } from "@/lib/study-cache/study-cache";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { loadMedications } from "./load";
import { parseMedicationQuery } from "./query";

let t: TestService;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 12, visits: 4 } });
});
afterAll(() => t.db.close());

const cacheWithLog = (fetchImpl: typeof fetch = t.fetch) => logCache(fetchImpl);

const view = (cache: StudyCache, query = "") =>
  loadMedications(cachedStudy(cache, credsOf(northstar), "ONC-101"), parseMedicationQuery(new URLSearchParams(query)));

const all = <T>(sql: string, ...args: unknown[]) => t.db.prepare(sql).all(...args) as T[];

// The study drug of ONC-101 is its investigational agent, the suspect product of its adverse events
// (partner-service/data/generator/demo.ts), written out here: a record is the study drug when its drug names it.
// The demo's source types (Prescription, Patient reported, Administered in clinic) never say study drug.
const STUDY_DRUG = "lower(drug) LIKE '%zalvotinib%'";
const CONCOMITANT = `NOT ${STUDY_DRUG}`;

describe("medications through the cache", () => {
  it("counts subjects per drug as n (%) of the Group's members, and loads only what it needs", async () => {
    const { cache, urls } = cacheWithLog();
    const v = await view(cache);
    const asked = new Set(
      urls.filter((u) => u.includes("researchstudy=")).map((u) => new URL(u).pathname.split("/").pop()),
    );
    // The adverse events name the study drug (their suspect product).
    expect([...asked].sort()).toEqual(["AdverseEvent", "Group", "MedicationStatement", "Patient"]);
    const members = all<{ n: number }>("SELECT count(*) AS n FROM subjects WHERE study_number = 'ONC-101'")[0].n;
    expect(v.members).toBe(members);
    const expected = all<{ drug: string; subjects: number; records: number; open: number }>(
      `SELECT drug, count(DISTINCT subject_id) AS subjects, count(*) AS records, sum(end_at IS NULL) AS open
       FROM medications WHERE study_number = 'ONC-101' AND ${CONCOMITANT} GROUP BY drug ORDER BY subjects DESC, drug`,
    );
    expect(v.drugs).toEqual(
      expected.map((e) => ({
        drug: e.drug,
        subjects: e.subjects,
        percent: Math.round((1000 * e.subjects) / members) / 10,
        records: e.records,
        openEnded: e.open,
      })),
    );
    expect(v.drugs.length).toBeGreaterThan(0);
    const sourceSaysStudyDrug = all<{ n: number }>(
      `SELECT count(*) AS n FROM medications WHERE source_type LIKE '%study%' OR source_type LIKE '%investigational%'`,
    )[0].n;
    expect(sourceSaysStudyDrug).toBe(0);
    const countsOf = (kind: string) => {
      const c = all<{ records: number; noDose: number; open: number }>(
        `SELECT count(*) AS records, coalesce(sum(dose_value IS NULL), 0) AS noDose,
           coalesce(sum(end_at IS NULL), 0) AS open FROM medications WHERE study_number = 'ONC-101' AND ${kind}`,
      )[0];
      return {
        records: c.records,
        noDose: c.noDose,
        noStart: 0,
        openEnded: c.open,
        unreadableDates: 0,
        noSubject: 0,
        outsideGroup: { records: 0, subjects: 0 },
        repeatedIds: 0,
      };
    };
    const counts = countsOf(CONCOMITANT);
    expect(counts.records).toBeGreaterThan(0);
    expect(v.counts).toEqual(counts);
    expect(v.studyDrugCounts).toEqual(countsOf(STUDY_DRUG));
    expect(v.studyDrugCounts.records).toBeGreaterThan(0);
    expect(v.records).toBe(counts.records + v.studyDrugCounts.records);
    // The listing holds every record, of both kinds.
    expect(v.listing).toHaveLength(v.records);
  });

  it("summarises the study drug's exposure of the Group's members by the database's records", async () => {
    const { cache } = cacheWithLog();
    const v = await view(cache);
    const members = v.members;
    // Per subject: first dose the earliest start; last dose the latest end (its start when it has none or ends
    // before it); days on drug last - first + 1; on drug with a record without an end.
    const day = "substr(start_at, 1, 10)";
    const last = `CASE WHEN end_at IS NOT NULL AND substr(end_at, 1, 10) >= ${day} THEN substr(end_at, 1, 10)
      ELSE ${day} END`;
    const expected = all<{ subject: string; first: string; last: string; days: number; open: number; n: number }>(
      `SELECT subject_id AS subject, min(${day}) AS first, max(${last}) AS last,
         CAST(julianday(max(${last})) - julianday(min(${day})) + 1 AS INTEGER) AS days,
         sum(end_at IS NULL) AS open, count(*) AS n
       FROM medications WHERE study_number = 'ONC-101' AND ${STUDY_DRUG} GROUP BY subject_id ORDER BY subject_id`,
    );
    expect(
      v.exposure.subjects.map((e) => ({
        subject: e.subjectId,
        first: e.firstDose,
        last: e.lastDose,
        days: e.daysOnDrug,
        ongoing: e.ongoing,
        n: e.records,
      })),
    ).toEqual(expected.map(({ open, ...x }) => ({ ...x, ongoing: open > 0 })));
    const share = (n: number) => ({ n, percent: Math.round((1000 * n) / members) / 10 });
    expect(v.exposure.exposed).toEqual(share(expected.length));
    expect(v.exposure.ongoing).toEqual(share(expected.filter((x) => x.open > 0).length));
    const days = expected.map((x) => x.days).sort((a, b) => a - b);
    const mid = days.length / 2;
    const median = days.length % 2 ? days[Math.floor(mid)] : (days[mid - 1] + days[mid]) / 2;
    expect(v.exposure.days).toEqual({ n: days.length, median, min: days[0], max: days[days.length - 1] });
  });

  it("lists one kind of record from the URL, and a study drug's own name", async () => {
    const { cache } = cacheWithLog();
    const n = (kind: string, more = "") =>
      all<{ n: number }>(`SELECT count(*) AS n FROM medications WHERE study_number = 'ONC-101' AND ${kind} ${more}`)[0]
        .n;
    const studyDrug = await view(cache, "kind=study-drug");
    expect(studyDrug.filter).toEqual({ drug: undefined, ongoing: false, kind: "study-drug" });
    expect(studyDrug.listing).toHaveLength(n(STUDY_DRUG));
    expect(studyDrug.listing.every((m) => /zalvotinib/i.test(m.drug))).toBe(true);
    const open = await view(cache, "kind=concomitant&ongoing=1");
    expect(open.listing).toHaveLength(n(CONCOMITANT, "AND end_at IS NULL"));
    const [name] = all<{ drug: string }>(
      `SELECT drug FROM medications WHERE study_number = 'ONC-101' AND ${STUDY_DRUG} LIMIT 1`,
    );
    const one = await view(cache, `drug=${encodeURIComponent(name.drug)}`);
    expect(one.filter.drug).toBe(name.drug);
    expect(one.listing).toHaveLength(n(`drug = '${name.drug}'`));
    expect((await view(cache, "kind=other")).listing).toHaveLength(studyDrug.records);
  });

  it("filters the listing to one drug and to open-ended records from the URL; ignores an unknown drug", async () => {
    const { cache } = cacheWithLog();
    const [top] = (await view(cache)).drugs;
    const one = await view(cache, `drug=${encodeURIComponent(top.drug)}&ongoing=1`);
    expect(one.filter).toEqual({ drug: top.drug, ongoing: true });
    expect(one.listing).toHaveLength(top.openEnded);
    expect(one.listing.every((m) => m.drug === top.drug && m.end === null)).toBe(true);
    const unknown = await view(cache, "drug=No+such+drug");
    expect(unknown.filter).toEqual({ drug: undefined, ongoing: false });
    expect(unknown.listing).toHaveLength(unknown.records);
  });

  it("lists records of a subject outside the Group, and leaves them out of n", async () => {
    const [first] = all<{ subject_study_id: string }>(
      "SELECT subject_study_id FROM subjects WHERE study_number = 'ONC-101' ORDER BY seq LIMIT 1",
    );
    const withoutFirst = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await t.fetch(input, init);
      if (!new URL(String(input)).pathname.endsWith("/Group")) return res;
      const bundle = (await res.json()) as { entry: { resource: { member: { entity: { reference: string } }[] } }[] };
      const group = bundle.entry[0].resource;
      group.member = group.member.filter((m) => m.entity.reference !== `Patient/${first.subject_study_id}`);
      return Response.json(bundle);
    }) as typeof fetch;
    const { cache } = cacheWithLog(withoutFirst);
    const v = await view(cache);
    const records = (kind: string) =>
      all<{ n: number }>(
        `SELECT count(*) AS n FROM medications JOIN subjects USING (subject_id) WHERE subject_study_id = ? AND ${kind}`,
        first.subject_study_id,
      )[0].n;
    expect(records(CONCOMITANT)).toBeGreaterThan(0);
    expect(v.counts.outsideGroup).toEqual({ records: records(CONCOMITANT), subjects: 1 });
    // Its study drug's records are listed too, and its exposure is not counted.
    expect(records(STUDY_DRUG)).toBeGreaterThan(0);
    expect(v.studyDrugCounts.outsideGroup).toEqual({ records: records(STUDY_DRUG), subjects: 1 });
    const exposed = all<{ n: number }>(
      `SELECT count(DISTINCT subject_id) AS n FROM medications JOIN subjects USING (subject_id)
       WHERE medications.study_number = 'ONC-101' AND ${STUDY_DRUG} AND subject_study_id <> ?`,
      first.subject_study_id,
    )[0].n;
    expect(v.exposure.exposed.n).toBe(exposed);
    const members = all<{ n: number }>("SELECT count(*) AS n FROM subjects WHERE study_number = 'ONC-101'")[0].n - 1;
    expect(v.members).toBe(members);
    const subjects = (drug: string) =>
      all<{ n: number }>(
        `SELECT count(DISTINCT subject_id) AS n FROM medications JOIN subjects USING (subject_id)
         WHERE drug = ? AND subject_study_id <> ? AND medications.study_number = 'ONC-101' AND ${CONCOMITANT}`,
        drug,
        first.subject_study_id,
      )[0].n;
    for (const d of v.drugs)
      expect([d.drug, d.subjects, d.percent]).toEqual([
        d.drug,
        subjects(d.drug),
        Math.round((1000 * subjects(d.drug)) / members) / 10,
      ]);
    expect(v.listing).toHaveLength(v.records);
  });
});

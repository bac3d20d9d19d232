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

describe("medications through the cache", () => {
  it("counts subjects per drug as n (%) of the Group's members, and loads only what it needs", async () => {
    const { cache, urls } = cacheWithLog();
    const v = await view(cache);
    const asked = new Set(
      urls.filter((u) => u.includes("researchstudy=")).map((u) => new URL(u).pathname.split("/").pop()),
    );
    expect([...asked].sort()).toEqual(["Group", "MedicationStatement", "Patient"]);
    const members = all<{ n: number }>("SELECT count(*) AS n FROM subjects WHERE study_number = 'ONC-101'")[0].n;
    expect(v.members).toBe(members);
    const expected = all<{ drug: string; subjects: number; records: number; open: number }>(
      `SELECT drug, count(DISTINCT subject_id) AS subjects, count(*) AS records, sum(end_at IS NULL) AS open
       FROM medications WHERE study_number = 'ONC-101' GROUP BY drug ORDER BY subjects DESC, drug`,
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
    const counts = all<{ records: number; noDose: number; open: number }>(
      `SELECT count(*) AS records, sum(dose_value IS NULL) AS noDose, sum(end_at IS NULL) AS open
       FROM medications WHERE study_number = 'ONC-101'`,
    )[0];
    expect(v.counts).toEqual({
      records: counts.records,
      noDose: counts.noDose,
      noStart: 0,
      openEnded: counts.open,
      unreadableDates: 0,
      noSubject: 0,
      outsideGroup: { records: 0, subjects: 0 },
      repeatedIds: 0,
    });
    expect(v.listing).toHaveLength(counts.records);
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
    expect(unknown.listing).toHaveLength(unknown.counts.records);
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
    const records = all<{ n: number }>(
      `SELECT count(*) AS n FROM medications JOIN subjects USING (subject_id) WHERE subject_study_id = ?`,
      first.subject_study_id,
    )[0].n;
    expect(records).toBeGreaterThan(0);
    expect(v.counts.outsideGroup).toEqual({ records, subjects: 1 });
    const members = all<{ n: number }>("SELECT count(*) AS n FROM subjects WHERE study_number = 'ONC-101'")[0].n - 1;
    expect(v.members).toBe(members);
    const subjects = (drug: string) =>
      all<{ n: number }>(
        `SELECT count(DISTINCT subject_id) AS n FROM medications JOIN subjects USING (subject_id)
         WHERE drug = ? AND subject_study_id <> ? AND medications.study_number = 'ONC-101'`,
        drug,
        first.subject_study_id,
      )[0].n;
    for (const d of v.drugs)
      expect([d.drug, d.subjects, d.percent]).toEqual([
        d.drug,
        subjects(d.drug),
        Math.round((1000 * subjects(d.drug)) / members) / 10,
      ]);
    expect(v.listing).toHaveLength(v.counts.records);
  });
});

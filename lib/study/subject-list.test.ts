/**
 * The cache and the mappers against the in-process partner service. The
 * expected subject list is read straight from the service's database with
 * SQL, independently of the portal's code.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AuthenticationError, StudyForbiddenError } from "@/lib/partner-client/errors";
import type { StudyCache } from "@/lib/study-cache/study-cache";
import type { PartnerCredentials } from "@/partner-api/credentials";
import { createTestService, credsOf, lakeside, northstar, type TestService } from "@/partner-service/testing";
import { cachedStudy } from "./study-rows";
import { loadSubjectList } from "./subject-list";
import { cacheWithLog as logCache } from "./testing";

let t: TestService;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 12, visits: 4 } });
});
afterAll(() => t.db.close());

const NORTH = credsOf(northstar);
const LAKE = credsOf(lakeside);

/** The subject list of a study for these credentials, through this cache. */
const subjectList = (cache: StudyCache, creds: PartnerCredentials, study: string) =>
  loadSubjectList(cachedStudy(cache, creds, study));

/** A study cache on the in-process service whose fetch records every URL asked for; pages of 5. */
const cacheWithLog = (fetchImpl: typeof fetch = t.fetch) => logCache(fetchImpl, 5);

// The CDC labels, written out here rather than imported, so that the test does not check the code with itself.
const LABEL: Record<string, string> = {
  "2106-3": "White",
  "2054-5": "Black or African American",
  "2028-9": "Asian",
  "1002-5": "American Indian or Alaska Native",
  "2076-8": "Native Hawaiian or Other Pacific Islander",
  "2131-1": "Other Race",
  "2135-2": "Hispanic or Latino",
  "2186-5": "Not Hispanic or Latino",
  UNK: "Unknown",
};
const SEX: Record<string, string> = { male: "Male", female: "Female", other: "Other", unknown: "Unknown" };

function expectedRows(study: string) {
  const subjects = t.db
    .prepare(
      `SELECT subject_id, subject_study_id, gender, birth_year, race, ethnicity, sponsor_study_number
       FROM subjects JOIN studies USING (study_number) WHERE study_number = ? ORDER BY seq`,
    )
    .all(study) as Record<string, string | number>[];
  const count = (sql: string) =>
    new Map((t.db.prepare(sql).all(study) as { s: string; n: number }[]).map((r) => [r.s, r.n]));
  const aes = count(
    "SELECT subject_id AS s, count(*) AS n FROM adverse_events WHERE study_number = ? GROUP BY subject_id",
  );
  const drs = count(
    `SELECT subject_id AS s, count(DISTINCT assessment_id) AS n
     FROM assessments WHERE study_number = ? AND vis_seq IS NOT NULL GROUP BY subject_id`,
  );
  return subjects.map((s) => ({
    subjectId: s.subject_id,
    subjectStudyNumber: s.subject_study_id,
    sex: SEX[s.gender as string],
    birthYear: s.birth_year,
    race: LABEL[s.race as string] ?? s.race,
    ethnicity: LABEL[s.ethnicity as string] ?? s.ethnicity,
    sponsorStudyNumber: s.sponsor_study_number,
    adverseEvents: aes.get(s.subject_id as string) ?? 0,
    assessments: drs.get(s.subject_id as string) ?? 0,
    note: null,
  }));
}

describe("subject list through the cache", () => {
  it.each(["ONC-101", "CARD-201"])("equals what the database holds for %s", async (study) => {
    const { cache } = cacheWithLog();
    const view = await subjectList(cache, NORTH, study);
    const expected = expectedRows(study);
    expect(expected.length).toBeGreaterThan(0);
    expect(view.rows).toEqual(expected);
    expect(view.rejected).toEqual([]);
    expect(view.unmatched).toEqual({ adverseEvents: 0, assessments: 0, members: 0 });
    if (study === "ONC-101") expect(view.rows.some((r) => r.assessments > 0)).toBe(true);
    else expect(view.rows.every((r) => r.assessments === 0)).toBe(true);
  });

  it("loads each record type once for concurrent views, and not at all for a later one", async () => {
    const { cache, urls } = cacheWithLog();
    await Promise.all(Array.from({ length: 6 }, () => subjectList(cache, NORTH, "ONC-101")));
    const patientPages = urls.filter((u) => u.includes("/Patient?")).length;
    expect(patientPages).toBe(Math.ceil(expectedRows("ONC-101").length / 5));
    const before = urls.length;
    await subjectList(cache, NORTH, "ONC-101");
    expect(urls.length).toBe(before);
    expect(cache.stats()).toMatchObject({ entries: 4, misses: 4 });
    expect(cache.stats().bytes).toBeGreaterThan(0);
  });

  it("refresh loads the study again and leaves other studies cached", async () => {
    const { cache, urls } = cacheWithLog();
    await subjectList(cache, NORTH, "ONC-101");
    await subjectList(cache, NORTH, "CARD-201");
    expect(await cache.refresh(NORTH, "ONC-101")).toEqual({ status: "dropped", entries: 4 });
    const before = urls.length;
    await subjectList(cache, NORTH, "CARD-201");
    expect(urls.length).toBe(before);
    await subjectList(cache, NORTH, "ONC-101");
    expect(urls.filter((u) => u.includes("researchstudy=ONC-101")).length).toBeGreaterThan(0);
    expect(urls.slice(before).every((u) => !u.includes("CARD-201"))).toBe(true);
  });

  it("lets only credentials that earn a token refresh a study or watch its load", async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const gated = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes("researchstudy=")) await gate;
      return t.fetch(input, init);
    }) as typeof fetch;
    const { cache, urls } = cacheWithLog(gated);
    const wrong = { ...NORTH, clientSecret: "not-the-secret" };
    const loading = subjectList(cache, NORTH, "ONC-101");
    await vi.waitFor(() => expect(cache.progress(NORTH, "ONC-101").length).toBeGreaterThan(0));
    expect(cache.progress(wrong, "ONC-101")).toEqual([]);
    release();
    await loading;
    expect(await cache.refresh(wrong, "ONC-101")).toEqual({ status: "refused" });
    const before = urls.length;
    await subjectList(cache, NORTH, "ONC-101");
    expect(urls.length).toBe(before);
  });

  it("keeps identities apart: one partner's cached study never answers another's request", async () => {
    const { cache } = cacheWithLog();
    await subjectList(cache, NORTH, "ONC-101");
    await expect(subjectList(cache, LAKE, "ONC-101")).rejects.toBeInstanceOf(StudyForbiddenError);
    // Same partner and service, another client ID: its own entries.
    const otherClient = { ...NORTH, clientId: "northstar-other" };
    await expect(subjectList(cache, otherClient, "ONC-101")).rejects.toBeInstanceOf(AuthenticationError);
    expect(cache.stats().list.every((e) => e.partnerId === "NORTHSTAR" && e.clientId === "northstar-portal")).toBe(
      true,
    );
  });

  it("asks for proof of the secret even when the identity's data is cached", async () => {
    const { cache } = cacheWithLog();
    await subjectList(cache, NORTH, "ONC-101");
    await expect(subjectList(cache, { ...NORTH, clientSecret: "wrong" }, "ONC-101")).rejects.toBeInstanceOf(
      AuthenticationError,
    );
  });

  it("does not cache a forbidden study: the next request asks the service again", async () => {
    const { cache, urls } = cacheWithLog();
    await expect(subjectList(cache, NORTH, "ONC-102")).rejects.toBeInstanceOf(StudyForbiddenError);
    const before = urls.length;
    await expect(subjectList(cache, NORTH, "ONC-102")).rejects.toBeInstanceOf(StudyForbiddenError);
    expect(urls.length).toBeGreaterThan(before);
    expect(cache.stats().entries).toBe(0);
  });

  it("refuses a study number that is no study number before any request", async () => {
    const { cache, urls } = cacheWithLog();
    await expect(cache.rows(NORTH, "../Group", "Group")).rejects.toThrow();
    expect(urls).toEqual([]);
  });

  it("reports records the schemas refused, and a member without a Patient, instead of dropping them", async () => {
    const broken = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await t.fetch(input, init);
      const url = new URL(String(input));
      if (!url.pathname.endsWith("/Patient") || (url.searchParams.get("page") ?? "1") !== "1") return res;
      // The first two Patients of the first page lose their id, which the schema requires.
      const bundle = (await res.json()) as { entry: { resource: Record<string, unknown> }[] };
      for (const e of bundle.entry.slice(0, 2)) delete e.resource.id;
      return Response.json(bundle);
    }) as typeof fetch;
    const { cache } = cacheWithLog(broken);
    const view = await subjectList(cache, NORTH, "ONC-101");
    expect(view.rejected).toEqual([
      {
        recordType: "Patient",
        count: 2,
        reasons: [{ reason: "id: Invalid input: expected string, received undefined", count: 2 }],
      },
    ]);
    const expected = expectedRows("ONC-101");
    const orphans = view.rows.filter((r) => r.note !== null);
    expect(orphans.map((r) => r.subjectStudyNumber)).toEqual(expected.slice(0, 2).map((r) => r.subjectStudyNumber));
    expect(view.rows).toHaveLength(expected.length);
    expect(orphans.every((r) => r.subjectId === "" && r.sex === null)).toBe(true);
  });
});

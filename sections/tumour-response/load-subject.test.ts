/**
 * A subject's tumour-response page through the cache against the in-process partner service: the subject's
 * assessments and lesions as the service sends them, study day 1 as the subject's profile has it, and a subject
 * or study without response records said plainly.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RESPONSE_OPTIONS } from "@/lib/clinical/response/best-response";
import { cachedStudy } from "@/lib/study/study-rows";
import { cacheWithLog } from "@/lib/study/testing";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { loadSubjectProfile } from "@/sections/subject-profile/load";
import { isSubjectIdShape, loadResponseSubject, MAX_SUBJECT_ID } from "./load-subject";

let t: TestService;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 12, visits: 6 } });
});
afterAll(() => t.db.close());

const all = (sql: string, ...args: unknown[]) => t.db.prepare(sql).all(...args) as Record<string, unknown>[];
const open = (study = "ONC-101") => cachedStudy(cacheWithLog(t.fetch).cache, credsOf(northstar), study);

describe("loadResponseSubject", () => {
  it("gives the subject's served assessments and lesions, and the profile's study day 1", async () => {
    const [{ subject_id: id }] = all(
      "SELECT subject_id FROM assessments WHERE study_number = 'ONC-101' AND vis_seq IS NOT NULL LIMIT 1",
    );
    const study = open();
    const v = await loadResponseSubject(study, id as string, DEFAULT_RESPONSE_OPTIONS);
    if (!v.found) throw new Error("expected the subject");
    const served = all(
      "SELECT assessment_id FROM assessments WHERE subject_id = ? AND vis_seq IS NOT NULL ORDER BY effective_at",
      id,
    ).map((r) => r.assessment_id);
    expect(v.subject.assessments.map((a) => a.row.key)).toEqual(served);
    const lesions = all("SELECT lesion_id FROM lesions WHERE subject_id = ? AND vis_seq IS NOT NULL", id);
    const read = [...v.lesions.values()].flat().map((l) => l.key);
    expect(read.sort()).toEqual(lesions.map((l) => l.lesion_id).sort());
    const profile = await loadSubjectProfile(study, id as string, new URLSearchParams());
    expect(profile.found && profile.reference).toEqual(v.reference);
    expect(v.reference).not.toBeNull();
  });

  it("says an unknown subject is not found, and an ID of no subject's shape is not looked up", async () => {
    const v = await loadResponseSubject(open(), "101-9999", DEFAULT_RESPONSE_OPTIONS);
    expect(v).toMatchObject({ found: false, hasResponseData: true });
    expect(isSubjectIdShape("x".repeat(MAX_SUBJECT_ID))).toBe(true);
    expect(isSubjectIdShape("x".repeat(MAX_SUBJECT_ID + 1))).toBe(false);
    expect(isSubjectIdShape("101\n0001")).toBe(false);
    expect(isSubjectIdShape("")).toBe(false);
  });

  it("says a study without imaging has no response data", async () => {
    const [{ subject_id: id }] = all("SELECT subject_id FROM subjects WHERE study_number = 'CARD-201' LIMIT 1");
    const v = await loadResponseSubject(open("CARD-201"), id as string, DEFAULT_RESPONSE_OPTIONS);
    expect(v).toMatchObject({ found: false, hasResponseData: false });
  });
});

/** What the partner API serves after `advance`: the new cut's records, through the real service in-process. */
import { beforeAll, describe, expect, it } from "vitest";
import { createTestService, getData, getToken, type TestService } from "../../testing";
import { advance, type CutChange, changesOfCut } from "./data-cuts";

interface Bundle {
  total: number;
  entry?: { resource: Record<string, unknown> }[];
}

let t: TestService;
let token: string;
let cut: CutChange[];

async function search(path: string): Promise<Bundle> {
  const res = await getData(t, path, undefined, token);
  expect(res.status, path).toBe(200);
  return (await res.json()) as Bundle;
}

const totals = async () => ({
  laboratory: (await search("observation?researchstudy=ONC-101&category=laboratory&_count=1")).total,
  vitals: (await search("observation?researchstudy=ONC-101&category=vital-signs&_count=1")).total,
  events: (await search("AdverseEvent?researchstudy=ONC-101&_count=1")).total,
  reports: (await search("DiagnosticReport?researchstudy=ONC-101&_count=1")).total,
});

const ofEvent = (event: CutChange["event"], table?: CutChange["table"]) =>
  cut.filter((c) => c.study === "ONC-101" && c.event === event && (!table || c.table === table));

describe("a data cut as the partner API serves it", () => {
  let before: Awaited<ReturnType<typeof totals>>;
  let after: Awaited<ReturnType<typeof totals>>;

  beforeAll(async () => {
    t = await createTestService({ data: { subjects: 16, visits: 6 } });
    token = await getToken(t);
    before = await totals();
    advance(t.db);
    cut = changesOfCut(t.db, 2);
    after = await totals();
  });

  it("serves the results of the new visits and none of the deleted copy", () => {
    const labs = cut.filter((c) => c.study === "ONC-101" && c.table === "lab_results" && c.kind === "added").length;
    const vitals = cut.filter((c) => c.study === "ONC-101" && c.table === "vital_signs");
    const vitalsDelta =
      vitals.filter((c) => c.kind === "added").length - vitals.filter((c) => c.kind === "removed").length;
    expect(labs).toBeGreaterThan(0);
    expect(after.laboratory - before.laboratory).toBe(labs);
    expect(after.vitals - before.vitals).toBe(vitalsDelta);
    expect(after.events - before.events).toBe(1);
  });

  it("serves a new visit four weeks after the subject's previous one, under the next cycle's name", async () => {
    const added = ofEvent("new visit", "lab_results")[0].after as Record<string, string>;
    const page = await search(`observation?researchstudy=ONC-101&category=laboratory&_Id=${added.id}`);
    const served = page.entry?.[0]?.resource as { effectiveDateTime?: string } | undefined;
    expect(served?.effectiveDateTime?.slice(0, 10)).toBe(added.collected_at.slice(0, 10));
    const cycle = Number(/^Cycle (\d+) Day 1$/.exec(added.visit)?.[1]);
    const previous = t.db
      .prepare("SELECT min(collected_at) AS at FROM lab_results WHERE subject_id = ? AND visit = ?")
      .get(added.subject_id, `Cycle ${cycle - 1} Day 1`) as { at: string };
    const days = (a: string, b: string) =>
      (Date.parse(`${b.slice(0, 10)}Z`) - Date.parse(`${a.slice(0, 10)}Z`)) / 864e5;
    expect(days(previous.at, added.collected_at)).toBe(28);
  });

  it("serves a revised assessment once, as its new revision", async () => {
    const revised = ofEvent("assessment revision signed", "assessments")[0].after as Record<string, unknown>;
    const page = await search(`DiagnosticReport?researchstudy=ONC-101&_Id=${revised.assessment_id}`);
    expect(page.total).toBe(1);
    const extension = (page.entry?.[0]?.resource.extension ?? []) as { url: string; valueInteger?: number }[];
    const revisions = extension.filter((e) => e.url.endsWith("RevisionNumber"));
    // Case revision first, then the assessment revision (docs/partner-service.md).
    expect(revisions[1].valueInteger).toBe(revised.assessment_revision);
  });

  it("ends the open study-drug record of the subject who withdrew, the day before their End of Treatment visit", () => {
    const visit = ofEvent("withdrawal", "lab_results")[0].after as Record<string, string>;
    expect(visit.visit).toBe("End of Treatment");
    const dose = ofEvent("withdrawal", "medications")[0];
    expect(dose.before?.end_at).toBeNull();
    const ended = new Date(`${String(dose.after?.end_at).slice(0, 10)}T00:00:00Z`).getTime();
    const eot = new Date(`${visit.collected_at.slice(0, 10)}T00:00:00Z`).getTime();
    expect((eot - ended) / 86_400_000).toBe(1);
  });

  it("raises one adverse event's grade by one and ends another that was ongoing", () => {
    const [graded] = ofEvent("adverse event grade corrected");
    expect(Number(graded.after?.grade)).toBe(Number(graded.before?.grade) + 1);
    const [ended] = ofEvent("adverse event end date added");
    expect([ended.before?.end_date, ended.before?.outcome]).toEqual([null, "ongoing"]);
    expect(ended.after?.outcome).toBe("resolved");
    expect(String(ended.after?.end_date) >= String(ended.after?.start_at).slice(0, 10)).toBe(true);
  });
});

/**
 * The review report against the in-process partner service (docs/review.md, The review report): one row per record
 * of the reviewed record types (as many as the partner serves), each saying the reader's review, every reviewer of
 * the organisation who marked it, when last, and its comments; a record changed since it was marked says so for
 * each reviewer. Its About sheet names the study snapshot by its fingerprint.
 */

import { describe, expect, it } from "vitest";
import { exported } from "@/sections/export-testing";
import { REVIEW_STUDY, reviewersEach } from "@/sections/review-testing";

const { cut, users, studyOf } = reviewersEach();
const _STUDY = REVIEW_STUDY;

const TIME = /\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC/.source;

describe("the review report", () => {
  it("lists every reviewed record with the organisation's marks and comments", async () => {
    await cut.kit.takeCut();
    const study = studyOf(users.ana);
    const events = (await study.rows("AdverseEvent")).value.rows.map((r) => r.key);
    const [first, second] = events;
    await study.review.mark("AdverseEvent", [first, second]);
    await studyOf(users.bo).review.mark("AdverseEvent", [first]);
    await study.review.comment("AdverseEvent", first, "Ana", "Grade checked against the source.");

    const report = await exported(studyOf(users.ana), "overview", "report");
    expect(report.headers).toEqual([
      "Record type",
      "Subject",
      "Record",
      "Your review",
      "Reviewed by",
      "Last reviewed",
      "Comments",
      "Last comment",
    ]);
    const served = await Promise.all(
      (["AdverseEvent", "laboratory", "vital-signs", "MedicationStatement", "DiagnosticReport"] as const).map(
        async (t) => (await study.rows(t)).value.rows.length,
      ),
    );
    expect(report.rows).toHaveLength(served.reduce((a, b) => a + b, 0));
    // Its About sheet's Snapshot line: the latest study snapshot the rows are, by its fingerprint.
    expect(report.table.snapshot).toMatch(/^Latest data: study snapshot of .*, fingerprint [0-9a-f]{64}$/);
    const rowOf = (key: string) => report.rows.find((r) => r[0] === "Adverse events" && r[2] === key);
    const one = rowOf(first);
    expect(one?.[3]).toBe("Reviewed");
    expect(one?.[4]).toMatch(new RegExp(`^ana@example.org: reviewed, ${TIME}; bo@example.org: reviewed, ${TIME}$`));
    expect(one?.[5]).toMatch(new RegExp(`^${TIME}$`));
    expect(one?.[6]).toBe("1 comment, open");
    expect(one?.[7]).toMatch(new RegExp(`^Ana, ${TIME}: Grade checked against the source.$`));
    expect(rowOf(second)?.slice(3, 5)).toEqual(["Reviewed", expect.stringMatching(/^ana@example.org: reviewed/)]);
    expect(rowOf(events[2])?.slice(3)).toEqual(["Not reviewed", null, null, null, null]);
    // Read by Bo: their own review first, the same organisation's marks and comments.
    const bos = (await exported(studyOf(users.bo), "overview", "report")).rows.find((r) => r[2] === second);
    expect(bos?.[3]).toBe("Not reviewed");
    expect(bos?.[4]).toMatch(/^ana@example.org: reviewed/);
  });

  it("says who reviewed a record that changed since, after the next data cut", async () => {
    await cut.kit.takeCut();
    const study = studyOf(users.ana);
    const events = (await study.rows("AdverseEvent")).value.rows.map((r) => r.key);
    await study.review.mark("AdverseEvent", events);
    await cut.kit.nextCut();
    const report = await exported(studyOf(users.ana), "overview", "report");
    const changed = report.rows.filter((r) => r[0] === "Adverse events" && r[3] === "Changed since reviewed");
    expect(changed.length).toBeGreaterThan(0);
    for (const r of changed) expect(r[4]).toMatch(/^ana@example.org: changed since reviewed, /);
  });
});

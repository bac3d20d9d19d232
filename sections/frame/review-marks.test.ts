/**
 * Reviewed marks against the data-cut record (docs/review.md): a user marks the study's adverse events on the
 * in-process partner service, the service moves to its next cut, and exactly the events the cut changed are
 * "changed since reviewed" (as many as the cut record's changed adverse-event rows: docs/partner-service.md, Data
 * cuts, each such row is one record the partner API serves differently), the ones it added are "not reviewed", and
 * every other event stays "reviewed". Marks are one user's, in one organisation: another user, or the same user
 * reading through another organisation, sees none.
 */

import { describe, expect, it } from "vitest";
import type { ReviewStatus } from "@/lib/review/record-type-review";
import type { UserStudy } from "@/lib/study/open-user-study";
import { changesOfCut } from "@/partner-service/data/cuts/data-cuts";
import { REVIEW_STUDY, reviewersEach } from "@/sections/review-testing";

const { cut, users, studyOf } = reviewersEach();
const STUDY = REVIEW_STUDY;

const aeKeys = async (study: UserStudy) => (await study.rows("AdverseEvent")).value.rows.map((r) => r.key);

/** Each event's status, counted by status. */
async function statusCounts(study: UserStudy): Promise<Record<ReviewStatus, number>> {
  const review = await study.review.of("AdverseEvent");
  const counts = { "not-reviewed": 0, changed: 0, reviewed: 0 };
  for (const key of await aeKeys(study)) {
    const s = review.status(key);
    if (s) counts[s]++;
  }
  return counts;
}

describe("reviewed marks across a data cut", () => {
  it("turn exactly the records the cut changed into changed since reviewed, the added ones not reviewed", async () => {
    await cut.kit.takeCut();
    const study = studyOf(users.ana);
    const before = await aeKeys(study);
    expect(await statusCounts(study)).toEqual({ "not-reviewed": before.length, changed: 0, reviewed: 0 });
    expect(await study.review.mark("AdverseEvent", before)).toEqual({ status: "done", count: before.length });
    expect(await statusCounts(study)).toEqual({ "not-reviewed": 0, changed: 0, reviewed: before.length });

    const number = await cut.kit.nextCut();
    const record = changesOfCut(cut.t.db, number).filter((c) => c.study === STUDY && c.table === "adverse_events");
    const changed = record.filter((c) => c.kind === "changed").length;
    const added = record.filter((c) => c.kind === "added").length;
    const removed = record.filter((c) => c.kind === "removed").length;
    expect(changed).toBeGreaterThan(0);
    const after = studyOf(users.ana);
    expect((await aeKeys(after)).length).toBe(before.length + added - removed);
    expect(await statusCounts(after)).toEqual({
      "not-reviewed": added,
      changed,
      reviewed: before.length - changed - removed,
    });
  });

  it("say of a changed record when it was reviewed and each field that changed, before and after", async () => {
    await cut.kit.takeCut();
    const study = studyOf(users.ana);
    await study.review.mark("AdverseEvent", await aeKeys(study));
    await cut.kit.nextCut();
    const after = studyOf(users.ana);
    const review = await after.review.of("AdverseEvent");
    const key = (await aeKeys(after)).find((k) => review.status(k) === "changed");
    expect(key).toBeDefined();
    const [older, newer] = (await after.history.snapshots()).slice(0, 2).reverse();
    const change = (
      await after.history.changes(
        "AdverseEvent",
        older.inEffect.get("AdverseEvent")!.id,
        newer.inEffect.get("AdverseEvent")!.id,
      )
    ).find((c) => c.key === key)!;
    const words = await after.review.changeWords("AdverseEvent", key!);
    expect(words).toMatch(/^Reviewed \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC; since: /);
    for (const field of change.fields) expect(words).toContain(`${field} `);
    // Marked again, it is reviewed with its new content.
    await after.review.mark("AdverseEvent", [key!]);
    expect((await after.review.of("AdverseEvent")).status(key!)).toBe("reviewed");
  });

  it("take a mark away", async () => {
    await cut.kit.takeCut();
    const study = studyOf(users.ana);
    const [first, second] = await aeKeys(study);
    await study.review.mark("AdverseEvent", [first, second]);
    await study.review.unmark("AdverseEvent", [first]);
    const review = await study.review.of("AdverseEvent");
    expect([review.status(first), review.status(second)]).toEqual(["not-reviewed", "reviewed"]);
  });

  it("are the user's own, in the organisation they were made in", async () => {
    await cut.kit.takeCut();
    const [key] = await aeKeys(studyOf(users.ana));
    await studyOf(users.ana).review.mark("AdverseEvent", [key]);
    expect((await studyOf(users.bo).review.of("AdverseEvent")).status(key)).toBe("not-reviewed");
    // A second instance of the portal (a new study object over the same store) sees the mark at once.
    expect((await studyOf(users.ana).review.of("AdverseEvent")).status(key)).toBe("reviewed");
  });

  it("refuse, whole, records the partner does not serve now, and mark nothing of them", async () => {
    await cut.kit.takeCut();
    const study = studyOf(users.ana);
    const [key] = await aeKeys(study);
    expect(await study.review.mark("AdverseEvent", [key, "no-such-event"])).toEqual({
      status: "unknown-records",
      unknown: 1,
    });
    expect((await study.review.of("AdverseEvent")).status(key)).toBe("not-reviewed");
  });
});

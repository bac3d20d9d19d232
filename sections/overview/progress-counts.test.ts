/**
 * The overview's counts after each mark (./progress-counts.ts): a reviewer marking laboratory results a few at a
 * time, or taking marks away, sees at each step exactly as many results reviewed at the visit as they marked there
 * (and, per subject and per test, counts adding up to the same), while the counts move forward by the records the
 * marks changed instead of passing over every result again.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { insertUserRow } from "@/lib/db/testing";
import { countsForward, reviewCounts, reviewCountsSliced } from "@/lib/review/review-counts";
import { MAX_PER_FAMILY } from "@/lib/study/derived";
import { OVERVIEW_PARTS } from "@/sections/overview-parts";
import { reviewersEach } from "@/sections/review-testing";
import { loadOverview, type OverviewView } from "./load";

vi.mock("@/lib/review/review-counts", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/review/review-counts")>();
  return {
    ...real,
    reviewCounts: vi.fn(real.reviewCounts),
    reviewCountsSliced: vi.fn(real.reviewCountsSliced),
    countsForward: vi.fn(real.countsForward),
  };
});

const { cut, users, studyOf } = reviewersEach();

/** The passes over laboratory results (full, at once or in slices, or forward) since the last call. */
function passes() {
  const lab = (calls: unknown[][]) => calls.filter((c) => (c[0] as { recordType: string }).recordType === "laboratory");
  const atOnce = lab(vi.mocked(reviewCounts).mock.calls).length;
  const counted = { full: atOnce + lab(vi.mocked(reviewCountsSliced).mock.calls).length, atOnce, forward: 0 };
  counted.forward = lab(vi.mocked(countsForward).mock.calls.map((c) => [c[1]])).length;
  vi.mocked(reviewCounts).mockClear();
  vi.mocked(reviewCountsSliced).mockClear();
  vi.mocked(countsForward).mockClear();
  return counted;
}

const labAt = (view: OverviewView, visit: string) =>
  view.visits.find((v) => v.recordType === "laboratory" && v.visit === visit)!.counts;
const reviewedBy = (view: OverviewView) => ({
  subjects: view.subjects.reduce((n, s) => n + s.counts.reviewed, 0),
  tests: view.tests.filter((t) => t.recordType === "laboratory").reduce((n, t) => n + t.counts.reviewed, 0),
});

beforeEach(() => passes());

describe("the overview's counts after each mark", () => {
  it("are exactly the records marked, moved forward by each mark", async () => {
    await cut.kit.takeCut();
    const study = studyOf(users.ana);
    const lab = (await study.rows("laboratory")).value.rows;
    const visit = lab[0].visit as string;
    const atVisit = lab.filter((r) => r.visit === visit).map((r) => r.id);
    expect(atVisit.length).toBeGreaterThan(10);
    const overview = () => loadOverview(studyOf(users.ana), OVERVIEW_PARTS);

    await study.review.mark("laboratory", atVisit.slice(0, 5));
    let view = await overview();
    expect(labAt(view, visit)).toEqual({ "not-reviewed": atVisit.length - 5, changed: 0, reviewed: 5 });
    // The first counts of a list are one pass per grouping (subject, test, visit, and the reviewers' all), each made
    // in slices before the marks are read.
    const first = passes();
    expect(first.full).toBeGreaterThan(0);
    expect(first.atOnce).toBe(0);

    await study.review.mark("laboratory", atVisit.slice(5, 8));
    view = await overview();
    expect(labAt(view, visit)).toEqual({ "not-reviewed": atVisit.length - 8, changed: 0, reviewed: 8 });
    expect(reviewedBy(view)).toEqual({ subjects: 8, tests: 8 });
    expect(passes()).toMatchObject({ full: 0 });

    await study.review.unmark("laboratory", atVisit.slice(0, 2));
    view = await overview();
    expect(labAt(view, visit)).toEqual({ "not-reviewed": atVisit.length - 6, changed: 0, reviewed: 6 });
    expect(reviewedBy(view)).toEqual({ subjects: 6, tests: 6 });
    const counted = passes();
    expect(counted.full).toBe(0);
    expect(counted.forward).toBeGreaterThan(0);
    // Every other visit: nothing reviewed.
    for (const v of view.visits.filter((x) => x.recordType === "laboratory" && x.visit !== visit))
      expect(v.counts.reviewed).toBe(0);

    // A colleague's first marks: counted from the counts without any mark (made once for all), not a new pass.
    await studyOf(users.bo).review.mark("laboratory", atVisit.slice(-2));
    const theirs = await loadOverview(studyOf(users.bo), OVERVIEW_PARTS);
    expect(labAt(theirs, visit)).toEqual({ "not-reviewed": atVisit.length - 2, changed: 0, reviewed: 2 });
    expect(reviewedBy(theirs)).toEqual({ subjects: 2, tests: 2 });
    expect(passes().full).toBe(0);
  });

  it("count no list again at the version counted, with more reviewers than a memo family holds", async () => {
    await cut.kit.takeCut();
    const study = studyOf(users.ana);
    const lab = (await study.rows("laboratory")).value.rows;
    // Each reviewer marks one result: the reviewers' table counts every one of them at every Overview.
    const reviewers = [users.ana];
    for (let i = 0; i < MAX_PER_FAMILY + 3; i++) reviewers.push(await insertUserRow(cut.store, `r${i}@example.org`));
    for (const [i, userId] of reviewers.entries())
      await studyOf(userId).review.mark("laboratory", [lab[i].id as string]);
    let view = await loadOverview(study, OVERVIEW_PARTS);
    expect(view.reviewers).toHaveLength(MAX_PER_FAMILY + 4);
    expect(view.reviewers.every((r) => r.byType.laboratory?.reviewed === 1)).toBe(true);
    passes();
    // Nothing marked since: every count is the one made at the same version, with no pass over the results.
    view = await loadOverview(study, OVERVIEW_PARTS);
    expect(view.reviewers.every((r) => r.byType.laboratory?.reviewed === 1)).toBe(true);
    expect(passes()).toEqual({ full: 0, atOnce: 0, forward: 0 });
  });
});

/**
 * The overview's review progress by visit (docs/review.md, The study overview), on the in-process partner service:
 * per visit, as many laboratory results and vital signs as the partner database holds at that visit (counted here
 * in SQL), all not reviewed before any mark; once a reviewer marks the results of one visit, that visit's are all
 * reviewed and every other visit's still not; each count opens that visit's records filtered to its status.
 */
import { describe, expect, it } from "vitest";
import { OVERVIEW_PARTS } from "@/sections/overview-parts";
import { REVIEW_STUDY, reviewersEach } from "@/sections/review-testing";
import { loadOverview, type OverviewView } from "./load";
import { visitsDef } from "./measurement-progress";

const { cut, users, studyOf } = reviewersEach();

/** The partner database's records of a table per visit (every record of the partner's has one). */
function perVisit(table: "lab_results" | "vital_signs"): Map<string, number> {
  const rows = cut.t.db
    .prepare(`SELECT visit, COUNT(*) AS n FROM ${table} WHERE study_number = ? GROUP BY visit`)
    .all(REVIEW_STUDY) as { visit: string; n: number }[];
  return new Map(rows.map((r) => [r.visit, r.n]));
}

const totals = (view: OverviewView, recordType: string) =>
  new Map(
    view.visits
      .filter((v) => v.recordType === recordType)
      .map((v) => [v.visit, v.counts["not-reviewed"] + v.counts.changed + v.counts.reviewed]),
  );

describe("the overview's review progress by visit", () => {
  it("counts each visit's laboratory results and vital signs as the partner holds them", async () => {
    await cut.kit.takeCut();
    const view = await loadOverview(studyOf(users.ana), OVERVIEW_PARTS);
    expect(totals(view, "laboratory")).toEqual(perVisit("lab_results"));
    expect(totals(view, "vital-signs")).toEqual(perVisit("vital_signs"));
    expect(view.visits.every((v) => v.counts.reviewed === 0 && v.counts.changed === 0)).toBe(true);
    // Laboratory results first, then vital signs; Screening before the treatment visits.
    const labVisits = view.visits.filter((v) => v.recordType === "laboratory").map((v) => v.visit);
    expect(view.visits.findIndex((v) => v.recordType === "vital-signs")).toBe(labVisits.length);
    expect(labVisits[0]).toMatch(/^Screening/);
  });

  it("counts one visit's results reviewed once they are marked, each count opening them", async () => {
    await cut.kit.takeCut();
    const study = studyOf(users.ana);
    const [visit, n] = [...perVisit("lab_results")].sort(([, a], [, b]) => b - a)[0];
    const lab = (await study.rows("laboratory")).value.rows;
    await study.review.mark(
      "laboratory",
      lab.filter((r) => r.visit === visit).map((r) => r.id),
    );
    const view = await loadOverview(studyOf(users.ana), OVERVIEW_PARTS);
    for (const v of view.visits.filter((x) => x.recordType === "laboratory"))
      expect(v.counts.reviewed).toBe(v.visit === visit ? n : 0);
    const at = view.visits.find((v) => v.recordType === "laboratory" && v.visit === visit)!;
    expect(at.counts).toEqual({ "not-reviewed": 0, changed: 0, reviewed: n });
    const def = visitsDef(view, "/s");
    const reviewed = def.columns.find((c) => c.id === "reviewed")!;
    const href = new URL(reviewed.link?.(at) ?? "", "http://portal");
    expect(href.pathname).toBe("/s/laboratory");
    expect([href.searchParams.get("at"), href.searchParams.get("res.f_review"), href.hash]).toEqual([
      visit,
      "=Reviewed",
      "#visit-results",
    ]);
    // A count of none opens nothing.
    expect(def.columns.find((c) => c.id === "open")!.link?.(at)).toBeNull();
  });
});

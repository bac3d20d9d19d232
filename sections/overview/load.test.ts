/**
 * The study overview against the data-cut record (docs/review.md, The study overview): on the in-process partner
 * service, a user marks every adverse event and medication, the service moves to its next cut, and the overview
 * says, since that last review, as many adverse events added, changed and removed as the cut record holds
 * (docs/partner-service.md, Data cuts: each row of the record is one record the partner API serves differently); the
 * user's progress counts the changed ones as changed since reviewed and the added ones as not reviewed, and so
 * does what they have to review of the records added or changed since; a colleague of the same organisation sees
 * the user among the reviewers, with their counts, and none of the marks as theirs.
 */

import { describe, expect, it } from "vitest";
import type { UserStudy } from "@/lib/study/open-user-study";
import { changesOfCut } from "@/partner-service/data/cuts/data-cuts";
import { pastStudy } from "@/sections/frame/past-study";
import { OVERVIEW_PARTS } from "@/sections/overview-parts";
import { REVIEW_STUDY, reviewersEach } from "@/sections/review-testing";
import { loadOverview, type OverviewView } from "./load";

const { cut, users, studyOf } = reviewersEach();
const STUDY = REVIEW_STUDY;

const keysOf = async (study: UserStudy, type: "AdverseEvent" | "MedicationStatement") =>
  (await study.rows(type)).value.rows.map((r) => ("key" in r ? r.key : r.id));

const typeOf = (view: OverviewView, type: string) => view.types.find((t) => t.recordType === type)!;

describe("the study overview", () => {
  it("before any mark: every record not reviewed, no reviewer, nothing since a last review", async () => {
    await cut.kit.takeCut();
    const view = await loadOverview(studyOf(users.ana), OVERVIEW_PARTS);
    const events = (await keysOf(studyOf(users.ana), "AdverseEvent")).length;
    expect(events).toBeGreaterThan(0);
    expect(view.since).toEqual({ kind: "never" });
    expect(typeOf(view, "AdverseEvent").counts).toEqual({ "not-reviewed": events, changed: 0, reviewed: 0 });
    expect(view.reviewers).toEqual([]);
  });

  it("on a past snapshot (not marked): no queue, and no changes since the last review", async () => {
    await cut.kit.takeCut();
    const [snapshot] = await studyOf(users.ana).history.snapshots();
    expect((await loadOverview(studyOf(users.ana), OVERVIEW_PARTS)).nextPlace).not.toBe("past");
    const past = await loadOverview(pastStudy(studyOf(users.ana), snapshot.id), OVERVIEW_PARTS);
    expect(past.nextPlace).toBe("past");
    expect(past.since).toEqual({ kind: "past" });
  });

  it("says what the cut changed since the last review, and counts each record's status by it", async () => {
    await cut.kit.takeCut();
    const study = studyOf(users.ana);
    const events = await keysOf(study, "AdverseEvent");
    const medications = await keysOf(study, "MedicationStatement");
    await study.review.mark("AdverseEvent", events);
    await study.review.mark("MedicationStatement", medications);
    const marked = await loadOverview(studyOf(users.ana), OVERVIEW_PARTS);
    expect(marked.since.kind).toBe("unchanged");
    expect(typeOf(marked, "AdverseEvent").counts).toEqual({ "not-reviewed": 0, changed: 0, reviewed: events.length });

    const number = await cut.kit.nextCut();
    const record = changesOfCut(cut.t.db, number).filter((c) => c.study === STUDY && c.table === "adverse_events");
    const kinds = {
      added: record.filter((c) => c.kind === "added").length,
      changed: record.filter((c) => c.kind === "changed").length,
      removed: record.filter((c) => c.kind === "removed").length,
    };
    expect(kinds.changed).toBeGreaterThan(0);
    const view = await loadOverview(studyOf(users.ana), OVERVIEW_PARTS);
    if (view.since.kind !== "changed")
      throw new Error(`expected changes since the last review, got ${view.since.kind}`);
    const since = view.since.types.find((t) => t.recordType === "AdverseEvent")!;
    expect({ added: since.added, changed: since.changed, removed: since.removed }).toEqual(kinds);
    // New grade 3 or more: an event the cut raised from grade 2 (from 3 it was one already); the cut's late event is
    // grade 1, and none of its events is fatal: no death.
    const raised = record.filter((c) => c.kind === "changed" && c.before?.grade === 2 && c.after?.grade === 3);
    const signals = view.since.signals.filter((s) => s.change?.recordType === "AdverseEvent");
    expect(signals.map((s) => [s.kind, s.change?.key]).sort()).toEqual(
      raised.map((c) => ["grade-3", c.before?.ae_key]).sort(),
    );
    expect(typeOf(view, "AdverseEvent").counts).toEqual({
      "not-reviewed": kinds.added,
      changed: kinds.changed,
      reviewed: events.length - kinds.changed - kinds.removed,
    });
    // The queue begins with the adverse events: those added since, then those changed since reviewed.
    expect(view.nextPlace).toMatchObject({
      place: { recordType: "AdverseEvent", counts: { "not-reviewed": kinds.added, changed: kinds.changed } },
      status: "not-reviewed",
    });
    // To review: every record added since is not reviewed; a changed one is changed since reviewed where it was
    // marked (adverse events, medications), else not reviewed.
    const markedTypes = new Set(["AdverseEvent", "MedicationStatement"]);
    const sinceTypes = view.since.types;
    expect(view.since.toReview).toEqual({
      notReviewed: sinceTypes.reduce((n, t) => n + t.added + (markedTypes.has(t.recordType) ? 0 : t.changed), 0),
      changed: sinceTypes.reduce((n, t) => n + (markedTypes.has(t.recordType) ? t.changed : 0), 0),
    });
    expect(view.since.toReview.changed).toBeGreaterThanOrEqual(kinds.changed);
    // Per subject, the statuses add up to the record type's (adverse events and medications are all marked).
    const sum = view.subjects.reduce((n, s) => n + s.counts.changed, 0);
    expect(sum).toBe(view.types.reduce((n, t) => n + t.counts.changed, 0));

    const colleague = await loadOverview(studyOf(users.bo), OVERVIEW_PARTS);
    expect(colleague.since).toEqual({ kind: "never" });
    expect(typeOf(colleague, "AdverseEvent").counts.reviewed).toBe(0);
    expect(colleague.reviewers).toEqual([
      {
        name: "ana@example.org",
        you: false,
        reviewed: view.types.reduce((n, t) => n + t.counts.reviewed, 0),
        changed: view.types.reduce((n, t) => n + t.counts.changed, 0),
        byType: {
          AdverseEvent: typeOf(view, "AdverseEvent").counts,
          MedicationStatement: typeOf(view, "MedicationStatement").counts,
        },
      },
    ]);
    expect(view.reviewers.map((r) => [r.name, r.you])).toEqual([["ana@example.org", true]]);
  });
});

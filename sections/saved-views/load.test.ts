/**
 * Saved views against the data-cut record (docs/review.md, Saved views): on the in-process partner service, a user
 * saves views at one cut, the service moves to its next, and each view says as many records added, changed and
 * removed since it was saved as the cut record holds of what it shows (docs/partner-service.md, Data cuts: each row
 * of the record is one record the partner API serves differently): the adverse-event listing all the record's
 * adverse events, a view narrowed by the study filter to one subject that subject's only, a subject's profile that
 * subject's records of every type. A private view is its owner's only, a shared one the organisation's, never
 * another organisation's.
 */

import { describe, expect, it } from "vitest";
import type { UserStudy } from "@/lib/study/open-user-study";
import { type CutChange, changesOfCut } from "@/partner-service/data/cuts/data-cuts";
import { REVIEW_STUDY, reviewersEach } from "@/sections/review-testing";
import { pageAddressOf } from "./address";
import { loadSavedView, loadSavedViews, type ViewWithChanges } from "./load";

const { cut, users, studyOf } = reviewersEach();
const STUDY = REVIEW_STUDY;
const STUDY_HREF = "/studies/c1/ONC-101";

/** Saves the page at `address` as the user's view, at the latest study snapshot, as the route does. */
async function save(study: UserStudy, name: string, address: string, shared = false): Promise<number> {
  const page = pageAddressOf(STUDY_HREF, address);
  if (!page) throw new Error(`not a page: ${address}`);
  const [latest] = await study.history.snapshots();
  const snapshot = { id: latest.id, at: new Date(latest.takenAt).toISOString() };
  const saved = await study.views.save({ ...page, snapshot, name, shared }, "Ana");
  if (saved.status !== "done") throw new Error(saved.status);
  return saved.id;
}

const kinds = (changes: readonly CutChange[]) => ({
  added: changes.filter((c) => c.kind === "added").length,
  changed: changes.filter((c) => c.kind === "changed").length,
  removed: changes.filter((c) => c.kind === "removed").length,
});

const counted = (v: ViewWithChanges | null | undefined) =>
  v?.since.kind === "changed"
    ? { added: v.since.added, changed: v.since.changed, removed: v.since.removed }
    : { kind: v?.since.kind };

const subjectOf = (c: CutChange) => (c.after ?? c.before)?.subject_id as string;

/** The record types whose records are one row each of a partner table (docs/partner-service.md, Data cuts). */
const TABLES = [
  ["AdverseEvent", "adverse_events"],
  ["laboratory", "lab_results"],
  ["vital-signs", "vital_signs"],
  ["MedicationStatement", "medications"],
] as const;

const pick = (t: { added: number; changed: number; removed: number } | undefined) => ({
  added: t?.added,
  changed: t?.changed,
  removed: t?.removed,
});

/** Runs `before` at the current cut, then moves the service to its next cut and takes it; the cut's number. */
async function nextCutAfter(before: () => Promise<void>): Promise<number> {
  await before();
  return cut.kit.nextCut();
}

describe("saved views", () => {
  it("say exactly what the next cut changed of the records each shows", async () => {
    await cut.kit.takeCut();
    const study = studyOf(users.ana);
    const number = await nextCutAfter(async () => {
      await save(study, "Grade 3 events", `${STUDY_HREF}/adverse-events?ae_f_grade=3`);
    });
    const record = changesOfCut(cut.t.db, number).filter((c) => c.study === STUDY);
    const eventChanges = record.filter((c) => c.table === "adverse_events");
    expect(eventChanges.length).toBeGreaterThan(0);
    const touched = subjectOf(eventChanges[0]);
    // Saved at the first cut's snapshot too: the earlier of the two the study holds.
    const [, first] = await study.history.snapshots();
    const saveAtFirst = async (name: string, address: string) => {
      const page = pageAddressOf(STUDY_HREF, address);
      if (!page) throw new Error(address);
      const snapshot = { id: first.id, at: new Date(first.takenAt).toISOString() };
      const saved = await study.views.save({ ...page, snapshot, name, shared: false }, "Ana");
      if (saved.status !== "done") throw new Error(saved.status);
      return saved.id;
    };
    const one = await saveAtFirst("One subject's events", `${STUDY_HREF}/adverse-events?only_subjects=${touched}`);
    const profile = await saveAtFirst("Profile", `${STUDY_HREF}/subjects/${touched}`);

    const views = (await loadSavedViews(studyOf(users.ana))).views;
    const byName = (name: string) => views.find((v) => v.name === name);
    // The table's own filter (grade 3) does not narrow the count: every adverse event the cut changed.
    expect(counted(byName("Grade 3 events"))).toEqual(kinds(eventChanges));
    expect(counted(views.find((v) => v.id === one))).toEqual(
      kinds(eventChanges.filter((c) => subjectOf(c) === touched)),
    );
    // The profile shows every record type of its subject: each type's count is the record's rows of that subject.
    const ofProfile = views.find((v) => v.id === profile);
    if (ofProfile?.since.kind !== "changed") throw new Error(`expected changes, got ${ofProfile?.since.kind}`);
    for (const [recordType, table] of TABLES) {
      const type = ofProfile.since.types.find((t) => t.recordType === recordType);
      const rows = record.filter((c) => c.table === table && subjectOf(c) === touched);
      expect({ recordType, ...pick(type) }).toEqual({ recordType, ...kinds(rows) });
    }
    const { view } = await loadSavedView(studyOf(users.ana), one);
    expect(view?.path).toBe("adverse-events");
    expect(view?.query).toBe(`only_subjects=${touched}`);
  });

  it("say nothing changed while the data are the same, and keep a private view its owner's", async () => {
    await cut.kit.takeCut();
    const study = studyOf(users.ana);
    const id = await save(study, "Mine", `${STUDY_HREF}/adverse-events`);
    expect((await loadSavedView(studyOf(users.ana), id)).view?.since).toMatchObject({ kind: "unchanged" });
    expect((await loadSavedView(studyOf(users.bo), id)).view).toBeNull();
    expect((await loadSavedViews(studyOf(users.bo))).views).toEqual([]);
    expect(await studyOf(users.bo).views.share(id, true)).toBe(false);
    expect(await study.views.share(id, true)).toBe(true);
    expect((await loadSavedView(studyOf(users.bo), id)).view).toMatchObject({
      name: "Mine",
      mine: false,
      shared: true,
    });
    // Another organisation: the same study through another partner ID.
    const outsider = studyOf(users.bo, "other-partner");
    expect((await loadSavedView(outsider, id)).view).toBeNull();
    expect((await loadSavedViews(outsider)).views).toEqual([]);
    expect(await outsider.views.remove(id)).toBe(false);
  });
});

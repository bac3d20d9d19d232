/**
 * The Changes listing's review column (docs/review.md, Reviewed marks; docs/snapshots.md, Changes), against the
 * data-cut record: a reviewer marks every adverse event and laboratory result, the partner moves to its next cut,
 * and in the listing exactly the changed events and results (as many as the record's changed rows of
 * adverse_events and lab_results) are "Changed since reviewed", every added record is "Not reviewed", and a removed
 * record has no status (it is in no data to review). The export writes the column as the page shows it; marking
 * the listing's filtered rows marks each record type's, refused whole where one record is not served; a comparison
 * of two older snapshots tells the statuses and is not marked from.
 */
import { describe, expect, it } from "vitest";
import { STATUS_WORDS } from "@/lib/review/record-type-review";
import { REVIEW_COLUMN } from "@/lib/review/review-argument";
import { REVIEW_PROPS } from "@/lib/review/review-column";
import type { UserStudy } from "@/lib/study/open-user-study";
import { changesOfCut } from "@/partner-service/data/cuts/data-cuts";
import { exported } from "@/sections/export-testing";
import { reviewedTable } from "@/sections/frame/reviewed-table";
import { REVIEW_STUDY, reviewersEach } from "@/sections/review-testing";
import { loadChanges } from "./load";
import { parseChangesQuery } from "./query";
import { changesListingDef } from "./tables";

const { cut, users, studyOf } = reviewersEach();

const keysOf = async (study: UserStudy, type: "AdverseEvent" | "laboratory") =>
  (await study.rows(type)).value.rows.map((r) => ("key" in r ? r.key : r.id) as string);

/** The listing's rows as the page builds them: each row's record type, kind, status and reference. */
async function listing(study: UserStudy, query = "") {
  const view = await loadChanges(study, parseChangesQuery(new URLSearchParams(query)));
  const def = await reviewedTable(changesListingDef(view, "/s"), study);
  const column = def.columns[0];
  expect(column.id).toBe(REVIEW_COLUMN);
  return def.rows.map((c) => ({
    type: c.recordType,
    kind: c.kind,
    status: column.value(c),
    reference: column.more?.(c)[REVIEW_PROPS.key] ?? null,
  }));
}

async function markedThenCut() {
  await cut.kit.takeCut();
  const before = studyOf(users.ana);
  await before.review.mark("AdverseEvent", await keysOf(before, "AdverseEvent"));
  await before.review.mark("laboratory", await keysOf(before, "laboratory"));
  const number = await cut.kit.nextCut();
  return changesOfCut(cut.t.db, number).filter((c) => c.study === REVIEW_STUDY);
}

describe("the Changes listing's review column", () => {
  it("says changed since reviewed of exactly the marked records the cut changed; added not reviewed", async () => {
    const record = await markedThenCut();
    const rows = await listing(studyOf(users.ana));
    const n = (table: string, kind: string) => record.filter((c) => c.table === table && c.kind === kind).length;
    const changedMarked = n("adverse_events", "changed") + n("lab_results", "changed");
    expect(changedMarked).toBeGreaterThan(0);
    const marked = new Set(["AdverseEvent", "laboratory"]);
    const count = (status: string | null) => rows.filter((r) => r.status === status).length;
    expect(count(STATUS_WORDS.changed)).toBe(changedMarked);
    expect(count(STATUS_WORDS.reviewed)).toBe(0);
    for (const r of rows) {
      if (r.kind === "removed") expect([r.status, r.reference]).toEqual([null, null]);
      else if (r.kind === "added" || !marked.has(r.type)) expect(r.status).toBe(STATUS_WORDS["not-reviewed"]);
      else expect(r.status).toBe(STATUS_WORDS.changed);
    }
    expect(count(null)).toBe(rows.filter((r) => r.kind === "removed").length);
    // A colleague of the same organisation marked nothing: every record not reviewed.
    const bo = await listing(studyOf(users.bo));
    expect(bo.filter((r) => r.status === STATUS_WORDS.changed)).toHaveLength(0);
  });

  it("exports the column as the page shows it, its filter narrowing the file", async () => {
    await markedThenCut();
    const study = studyOf(users.ana);
    const rows = await listing(study);
    const query = `ch_f_review=${encodeURIComponent(`=${STATUS_WORDS.changed}`)}`;
    const file = await exported(study, "changes", "listing", query);
    expect(file.headers[0]).toBe("Review");
    expect(file.rows.map((r) => r[0])).toEqual(
      rows.filter((r) => r.status === STATUS_WORDS.changed).map(() => STATUS_WORDS.changed),
    );
    const keys = file.table.records?.keys() ?? [];
    expect(file.table.records?.recordType).toBe("several");
    expect(keys.every((k) => k !== null && /^(AdverseEvent|laboratory):./.test(k))).toBe(true);
    expect(file.table.records?.markable).toBeUndefined();
  });

  it("marks records of several types at once, and none where one is not served", async () => {
    await markedThenCut();
    const study = studyOf(users.ana);
    const changed = (await listing(study)).filter((r) => r.status === STATUS_WORDS.changed);
    const groups = ["AdverseEvent", "laboratory"].map((t) => ({
      recordType: t as "AdverseEvent" | "laboratory",
      keys: changed.filter((r) => r.type === t).map((r) => String(r.reference).slice(t.length + 1)),
    }));
    const refused = await study.review.markAll([...groups, { recordType: "laboratory", keys: ["no-such-result"] }]);
    expect(refused).toEqual({ status: "unknown-records", unknown: 1 });
    expect((await listing(study)).filter((r) => r.status === STATUS_WORDS.changed)).toHaveLength(changed.length);
    expect(await study.review.markAll(groups)).toEqual({ status: "done", count: changed.length });
    const after = await listing(study);
    expect(after.filter((r) => r.status === STATUS_WORDS.changed)).toHaveLength(0);
    expect(after.filter((r) => r.status === STATUS_WORDS.reviewed)).toHaveLength(changed.length);
  });

  it("tells the statuses of a comparison of older snapshots, and is not marked from there", async () => {
    await markedThenCut();
    await cut.kit.nextCut();
    const study = studyOf(users.ana);
    const [, middle, oldest] = await study.history.snapshots();
    const older = `from=${oldest.id}&to=${middle.id}`;
    const file = await exported(study, "changes", "listing", older);
    expect(file.table.records?.markable).toBe(false);
    const rows = await listing(study, older);
    expect(rows.some((r) => r.status !== null)).toBe(true);
    const view = await loadChanges(study, parseChangesQuery(new URLSearchParams(older)));
    const column = (await reviewedTable(changesListingDef(view, "/s"), study)).columns[0];
    expect(column.actions?.length).toBe(1);
    expect(column.actions?.[0].label).not.toBe(REVIEW_PROPS.label);
  });
});

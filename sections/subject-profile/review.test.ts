/**
 * A subject profile's tables of records are reviewed like the listings (docs/review.md): the Review column first,
 * a record the user marked "Reviewed" with its Unmark button, every other one "Not reviewed" with its Mark button,
 * the medications by their record's ID, which no column shows. The subject list's Review column walks a profile's
 * neighbours too: filtered to the subjects not reviewed, next skips those reviewed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUserRow } from "@/lib/db/testing";
import { REVIEW_PROPS } from "@/lib/review/review-column";
import type { Store } from "@/lib/store/store";
import { testStore } from "@/lib/store/testing";
import { cacheWithLog } from "@/lib/study/testing";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { testUserStudy } from "@/sections/export-testing";
import { reviewedPlainTable } from "@/sections/frame/reviewed-table";
import { loadSubjectProfile } from "./load";
import { recordTable } from "./tables";

describe("a subject profile's tables of records", () => {
  let t: TestService;
  let store: Store;
  let access: ReturnType<typeof testUserStudy>;
  beforeAll(async () => {
    t = await createTestService({ data: { subjects: 8, visits: 4 } });
    store = await testStore("sqlite");
    const userId = await insertUserRow(store, "ana@example.org");
    access = testUserStudy(cacheWithLog(t.fetch).cache, credsOf(northstar), "ONC-101", undefined, { store, userId });
  });
  afterAll(async () => {
    t.db.close();
    await store.close();
  });

  it("tell each record's status, the marked one reviewed, and offer Mark or Unmark", async () => {
    const meds = (await access.rows("MedicationStatement")).value.rows;
    const subject = meds[0].subjectId as string;
    const view = await loadSubjectProfile(access, subject, new URLSearchParams());
    if (!view.found) throw new Error("no subject");
    const own = meds.filter((m) => m.subjectId === subject);
    expect(own.length).toBeGreaterThan(1);
    await access.review.mark("MedicationStatement", [own[0].id]);

    const table = await reviewedPlainTable(recordTable(view, "medications", ""), access);
    expect(table.columns[0]).toMatchObject({ id: "review", header: "Review" });
    const byKey = new Map(table.rows.map((r) => [r[REVIEW_PROPS.key], [r.review, r[REVIEW_PROPS.label]]]));
    expect(byKey.size).toBe(own.length);
    expect(byKey.get(own[0].id)).toEqual(["Reviewed", "Unmark"]);
    for (const m of own.slice(1)) expect(byKey.get(m.id)).toEqual(["Not reviewed", "Mark"]);
  });

  it("walk the subject list as the user filtered it by review: next is the next subject not reviewed", async () => {
    const subjects = (await access.rows("Patient")).value.rows.map((p) => p.subjectId as string);
    expect(subjects.length).toBeGreaterThan(3);
    const [first, second, third] = subjects;
    // The second subject reviewed: from the first, the next subject not reviewed is the third.
    await access.review.mark("Patient", [second]);
    const notReviewed = new URLSearchParams({ f_review: "=Not reviewed" });
    const view = await loadSubjectProfile(access, first, notReviewed, undefined, access.review);
    if (!view.found) throw new Error("no subject");
    expect(view.neighbours.next).toBe(third);
    expect(view.neighbours.count).toBe(subjects.length - 1);
    expect(view.neighbours.listSearch).toContain("f_review=%3DNot+reviewed");
    // Without the user's review the list is walked whole.
    const whole = await loadSubjectProfile(access, first, notReviewed);
    if (!whole.found) throw new Error("no subject");
    expect(whole.neighbours.next).toBe(second);
  });
});

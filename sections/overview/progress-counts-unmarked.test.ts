/**
 * A reviewer's first counts (./progress-counts.ts): before any mark, every record that can be marked is not
 * reviewed, and a record without a key of its own is counted apart, over a record type's rows or a filter of them.
 * The expected counts are worked out by hand from the rows below.
 */
import { expect, it, vi } from "vitest";
import { recordIndex } from "@/lib/review/content";
import { recordTypeReview } from "@/lib/review/record-type-review";
import { reviewCounts, reviewCountsSliced } from "@/lib/review/review-counts";
import { countsOf, firstCountsReady } from "./progress-counts";

vi.mock("@/lib/review/review-counts", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/review/review-counts")>();
  return { ...real, reviewCounts: vi.fn(real.reviewCounts), reviewCountsSliced: vi.fn(real.reviewCountsSliced) };
});

// b is given to two records and one record has no key: three rows that cannot be marked.
const rows = [
  { id: "a", subjectId: "S1" },
  { id: "b", subjectId: "S1" },
  { id: "b", subjectId: "S2" },
  { id: "", subjectId: "S2" },
  { id: "c", subjectId: "S2" },
];
const bySubject = (row: Record<string, unknown>) => row.subjectId as string;
const noMarks = () => recordTypeReview("laboratory", recordIndex("laboratory", rows), { version: 0, marks: new Map() });

it("counts every markable record of the rows not reviewed, per subject", () => {
  const counts = countsOf({}, rows, noMarks(), "subject", bySubject);
  expect(counts.all).toEqual({ "not-reviewed": 2, changed: 0, reviewed: 0 });
  expect(counts.unmarkable).toBe(3);
  expect(Object.fromEntries(counts.groups)).toEqual({
    S1: { "not-reviewed": 1, changed: 0, reviewed: 0 },
    S2: { "not-reviewed": 1, changed: 0, reviewed: 0 },
  });
});

it("over a filter of the rows, still counts a key given twice in the study as unmarkable", () => {
  // The filter holds one of the two b's: alone among the rows counted, yet not a record of its own in the study.
  const counts = countsOf({}, [rows[2], rows[4]], noMarks(), "subject", bySubject);
  expect(counts.all).toEqual({ "not-reviewed": 1, changed: 0, reviewed: 0 });
  expect(counts.unmarkable).toBe(1);
  expect(Object.fromEntries(counts.groups)).toEqual({ S2: { "not-reviewed": 1, changed: 0, reviewed: 0 } });
});

it("are made in slices before the marks are read, and then counted with no pass of their own", async () => {
  // 400,000 results of 100 subjects, 4,000 each; one of S5's has no key.
  const many = Array.from({ length: 400_000 }, (_, i) => ({ id: `r${i}`, subjectId: `S${i % 100}` }));
  many[5] = { id: "", subjectId: "S5" };
  const index = recordIndex("laboratory", many);
  const order: string[] = [];
  setImmediate(() => order.push("other work"));
  await firstCountsReady(index, many, [{ by: "subject", groupOf: bySubject }]).then(() => order.push("ready"));
  expect(order).toEqual(["other work", "ready"]);
  vi.mocked(reviewCounts).mockClear();
  vi.mocked(reviewCountsSliced).mockClear();
  const review = recordTypeReview("laboratory", index, { version: 0, marks: new Map() });
  const counts = await countsOf({}, many, review, "subject", bySubject);
  expect([vi.mocked(reviewCounts).mock.calls.length, vi.mocked(reviewCountsSliced).mock.calls.length]).toEqual([0, 0]);
  expect(counts.all).toEqual({ "not-reviewed": 399_999, changed: 0, reviewed: 0 });
  expect(counts.unmarkable).toBe(1);
  expect(counts.groups.get("S5")).toEqual({ "not-reviewed": 3_999, changed: 0, reviewed: 0 });
  expect(counts.groups.get("S99")).toEqual({ "not-reviewed": 4_000, changed: 0, reviewed: 0 });
});

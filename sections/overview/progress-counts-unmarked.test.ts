/**
 * A reviewer's first counts (./progress-counts.ts): before any mark, every record that can be marked is not
 * reviewed, and a record without a key of its own is counted apart, over a record type's rows or a filter of them.
 * The expected counts are worked out by hand from the rows below.
 */
import { expect, it } from "vitest";
import { recordIndex } from "@/lib/review/content";
import { recordTypeReview } from "@/lib/review/study-review";
import { countsOf } from "./progress-counts";

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

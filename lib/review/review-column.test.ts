import { expect, it } from "vitest";
import { tablePage } from "@/lib/tables/server-table";
import { defaultState } from "@/lib/tables/url-state";
import { contentHash, recordIndex } from "./content";
import type { Mark } from "./marks-store";
import { recordTypeReview } from "./record-type-review";
import { parseReviewArgument, reviewArgument } from "./review-argument";
import { REVIEW_PROPS, reviewColumn } from "./review-column";

interface Row {
  id: string;
  value: number;
}
const rows: Row[] = [
  { id: "a", value: 1 },
  { id: "b", value: 2 },
  { id: "c", value: 3 },
];
const index = recordIndex("laboratory", rows);
const mark = (hash: string): Mark => ({ hash, at: "2026-11-30T10:00:00.000Z", snapshot: null });
const records = { recordType: "laboratory", key: (r: Row) => r.id };
const valueColumn = { id: "value", header: "Value", type: "number" as const, value: (r: Row) => r.value };
const state = { ...defaultState({ columns: ["review", "value"], pageSizes: [10] }), pageSize: 10 };

/** The rows a filter on the review column shows, under marks of this version. */
function shown(version: number, marks: [string, Mark][], filter: string) {
  const review = recordTypeReview("laboratory", index, { version, marks: new Map(marks) });
  const columns = [reviewColumn(records, review, true, (k) => `result ${k}`), valueColumn];
  const page = tablePage(rows, columns, { ...state, columnFilters: [{ id: "review", value: filter }] });
  return page.rows.map((r) => [r.review, r[REVIEW_PROPS.label], r[REVIEW_PROPS.name]]);
}

it("tells each record's status, and its filter matches a status exactly", () => {
  // a is marked with its content, b with other content (it changed since), c not at all.
  const marks: [string, Mark][] = [
    ["a", mark(contentHash(rows[0]))],
    ["b", mark("0000000000000000")],
  ];
  expect(shown(1, marks, "=Reviewed")).toEqual([["Reviewed", "Unmark", "Unmark: result a"]]);
  // A changed record is marked again with its content now.
  expect(shown(1, marks, "=Changed since reviewed")).toEqual([
    ["Changed since reviewed", "Mark", "Mark reviewed: result b"],
  ]);
  expect(shown(1, marks, "=Not reviewed")).toEqual([["Not reviewed", "Mark", "Mark reviewed: result c"]]);
});

it("is filtered again under a new version of the marks, never from an order kept before it", () => {
  const first: [string, Mark][] = [["a", mark(contentHash(rows[0]))]];
  expect(shown(7, first, "=Not reviewed").map((r) => r[0])).toEqual(["Not reviewed", "Not reviewed"]);
  const more: [string, Mark][] = [...first, ["c", mark(contentHash(rows[2]))]];
  expect(shown(8, more, "=Not reviewed").map((r) => r[2])).toEqual(["Mark reviewed: result b"]);
});

it("offers no button where records cannot be marked (a past snapshot), and still tells the status", () => {
  const review = recordTypeReview("laboratory", index, { version: 1, marks: new Map() });
  const column = reviewColumn(records, review, false, (k) => k);
  expect(column.actions).toBeUndefined();
  expect(column.value(rows[0])).toBe("Not reviewed");
  expect(column.more?.(rows[0])).toEqual({ [REVIEW_PROPS.key]: "a" });
});

it("reads back the argument of a row's button, keys with a colon included, and refuses any other", () => {
  expect(parseReviewArgument(reviewArgument("unmark", "ONC:1"))).toEqual({ act: "unmark", key: "ONC:1" });
  for (const bad of ["mark:", "delete:a", "a", ""]) expect(parseReviewArgument(bad)).toBeNull();
});

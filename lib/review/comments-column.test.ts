import { expect, it } from "vitest";
import { tablePage } from "@/lib/tables/server-table";
import { defaultState } from "@/lib/tables/url-state";
import { COMMENT_PROPS, commentsColumn } from "./comments-column";
import type { ThreadSummary } from "./comments-store";
import { parseReviewArgument } from "./review-argument";

interface Row {
  id: string | null;
}
const rows: Row[] = [{ id: "a" }, { id: "b" }, { id: null }];
const thread = (key: string, comments: number, resolved: boolean): ThreadSummary => ({
  id: 1,
  recordType: "AdverseEvent",
  key,
  subjectId: "S1",
  comments,
  updatedAt: "2026-11-30T10:00:00.000Z",
  resolved: resolved ? { at: "2026-11-30T11:00:00.000Z", by: "Bo" } : null,
});

function page(threads: ThreadSummary[], filter = "") {
  const column = commentsColumn(
    { recordType: "AdverseEvent", key: (r: Row) => r.id },
    new Map(threads.map((t) => [t.key, t])),
    (k) => `adverse event ${k}`,
  );
  const state = { ...defaultState({ columns: ["comments"], pageSizes: [10] }), pageSize: 10 };
  const columnFilters = filter ? [{ id: "comments", value: filter }] : [];
  return {
    column,
    rows: tablePage(rows, [column], { ...state, columnFilters }).rows.map((r) => [
      r.comments,
      r[COMMENT_PROPS.label],
      r[COMMENT_PROPS.name],
      r[COMMENT_PROPS.argument],
    ]),
  };
}

it("says each record's thread in words, with a button to read it or add the first comment", () => {
  expect(page([thread("a", 2, false)]).rows).toEqual([
    ["2 open", "Read", "Comments on adverse event a: 2 open", "comment:a"],
    [null, "Add", "Add a comment on adverse event b", "comment:b"],
    [null, undefined, undefined, undefined],
  ]);
  expect(parseReviewArgument("comment:a")).toEqual({ act: "comment", key: "a" });
});

it("filters by its words, and its stamp moves with every comment or resolution", () => {
  const open = page([thread("a", 2, false), thread("b", 1, true)]);
  expect(page([thread("a", 2, false), thread("b", 1, true)], "resolved").rows.map((r) => r[0])).toEqual(["1 resolved"]);
  const later = page([thread("a", 2, false), { ...thread("b", 1, false), updatedAt: "2026-11-30T12:00:00.000Z" }]);
  expect(later.column.stamp).not.toBe(open.column.stamp);
});

import { expect, it } from "vitest";
import type { TableColumn } from "@/lib/tables/server-table";
import { COMMENT_PROPS, withComments } from "./comments-column";
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
const status: TableColumn<Row> = {
  id: "review",
  header: "Review",
  value: () => "Not reviewed",
  stamp: "3",
  actions: [{ label: "review__label", argument: "review__argument", name: "review__name" }],
  more: () => ({ review__label: "Mark" }),
};

const column = (threads: ThreadSummary[]) =>
  withComments(
    status,
    { recordType: "AdverseEvent", key: (r: Row) => r.id },
    new Map(threads.map((t) => [t.key, t])),
    (k: string) => `adverse event ${k}`,
  );

it("adds to each row's review cell a button for its comments: the count, or none yet", () => {
  const c = column([thread("a", 2, false), thread("b", 1, true)]);
  expect(c.actions?.map((a) => a.icon)).toEqual([undefined, "comment"]);
  const props = (row: Row) => {
    const more = c.more?.(row) ?? {};
    return [more.review__label, more[COMMENT_PROPS.label], more[COMMENT_PROPS.name], more[COMMENT_PROPS.argument]];
  };
  expect(rows.map(props)).toEqual([
    ["Mark", "2", "Comments on adverse event a: 2, open", "comment:a"],
    ["Mark", "1 ✓", "Comments on adverse event b: 1, resolved", "comment:b"],
    ["Mark", undefined, undefined, undefined],
  ]);
  expect(column([]).more?.(rows[1])).toMatchObject({
    [COMMENT_PROPS.label]: "",
    [COMMENT_PROPS.name]: "Add a comment on adverse event b",
  });
  expect(parseReviewArgument("comment:a")).toEqual({ act: "comment", key: "a" });
});

it("moves its stamp with every comment or resolution, and keeps the marks' part of it", () => {
  const before = column([thread("a", 2, false)]).stamp;
  const after = column([{ ...thread("a", 2, true), updatedAt: "2026-11-30T12:00:00.000Z" }]).stamp;
  expect(after).not.toBe(before);
  expect(before?.startsWith("3:")).toBe(true);
});

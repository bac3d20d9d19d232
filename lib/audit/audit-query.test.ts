import { describe, expect, it } from "vitest";
import { auditQueryString, parseAuditQuery } from "./audit-query";

const parse = (query: string, withUser = true) => parseAuditQuery(new URLSearchParams(query), withUser);

describe("the audit pages' URL state", () => {
  it("reads valid filters and the page", () => {
    const q = parse("user=7&action=study.load&study=ONC-101&from=2026-05-01&to=2026-05-02&older=120");
    expect(q.filters).toEqual({
      user: 7,
      action: "study.load",
      study: "ONC-101",
      from: "2026-05-01T00:00:00.000Z",
      toExclusive: "2026-05-03T00:00:00.000Z",
    });
    expect(q.cursor).toEqual({ older: 120 });
    expect(q.notes).toEqual([]);
    expect(auditQueryString(q.shown, { newer: 9 })).toBe(
      "?user=7&action=study.load&study=ONC-101&from=2026-05-01&to=2026-05-02&newer=9",
    );
    expect(parse("user=none").filters).toEqual({ user: "none" });
    expect(parse("from=2026-05-01T10:00:00%2B02:00").filters).toEqual({ from: "2026-05-01T08:00:00.000Z" });
  });

  it("falls back to the default for each bad value, with a note that does not repeat it", () => {
    const evil = "<script>alert(1)</script>";
    const q = parse(
      new URLSearchParams({
        user: evil,
        action: "auth.everything",
        study: evil,
        from: "yesterday",
        to: "2026-02-30",
        older: "0x1f",
      }).toString(),
    );
    expect(q.filters).toEqual({});
    expect(q.cursor).toBeUndefined();
    expect(q.shown).toEqual({});
    expect(q.notes).toHaveLength(6);
    for (const note of q.notes) expect(note).not.toMatch(/script|everything|yesterday|02-30|0x1f/);
  });

  it("ignores a range that ends before it starts, and the user filter where the page shows one user only", () => {
    expect(parse("from=2026-05-02&to=2026-05-01").filters).toEqual({});
    expect(parse("from=2026-05-02&to=2026-05-01").notes).toEqual([
      'The "from" time is after the "to" time: both are ignored.',
    ]);
    expect(parse("user=3", false)).toMatchObject({ filters: {}, notes: [] });
  });
});

import { describe, expect, it } from "vitest";
import type { Finding } from "./finding";
import { findingKeys } from "./finding-key";

const finding = (over: Partial<Finding>): Finding => ({
  rule: "ae-no-grade",
  subjectId: "101-0001",
  date: "2026-01-05",
  records: [{ kind: "adverse-event", key: "AE-1" }],
  found: "no grade",
  expected: "a grade from 1 to 5",
  ...over,
});

describe("findingKeys", () => {
  it("names a finding by its rule and records, not by its values", () => {
    const [a] = findingKeys([finding({})]);
    const [b] = findingKeys([finding({ found: "grade 7", date: "2026-02-01", subjectId: "101-0002" })]);
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{24}$/);
  });

  it("tells apart another rule, another record, another order of records", () => {
    const keys = findingKeys([
      finding({}),
      finding({ rule: "ae-end-before-start" }),
      finding({ records: [{ kind: "adverse-event", key: "AE-2" }] }),
      finding({
        rule: "interval",
        records: [
          { kind: "assessment", key: "A" },
          { kind: "assessment", key: "B" },
        ],
      }),
      finding({
        rule: "interval",
        records: [
          { kind: "assessment", key: "B" },
          { kind: "assessment", key: "A" },
        ],
      }),
    ]);
    expect(new Set(keys).size).toBe(5);
  });

  it("tells apart two findings of one rule over the same records by their order", () => {
    const twice = [finding({ rule: "changes", found: "from baseline" }), finding({ rule: "changes", found: "nadir" })];
    const [first, second] = findingKeys(twice);
    expect(first).not.toBe(second);
    // The first of them keeps its key when it is alone.
    expect(findingKeys([twice[0]])[0]).toBe(first);
  });

  it("keeps an assessment apart from an adverse event of the same key", () => {
    const [a] = findingKeys([finding({ records: [{ kind: "adverse-event", key: "X" }] })]);
    const [b] = findingKeys([finding({ records: [{ kind: "assessment", key: "X" }] })]);
    expect(a).not.toBe(b);
  });
});

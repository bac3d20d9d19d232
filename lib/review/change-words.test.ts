import { expect, it } from "vitest";
import { changeNotKept, changeWords } from "./change-words";

const AT = "2026-11-23T10:05:00.000Z";

it("says when the record was reviewed and each field before and after, blanks in words", () => {
  expect(
    changeWords(AT, {
      fields: ["grade", "end"],
      before: { grade: 2, end: null },
      after: { grade: 3, end: "2026-10-01" },
    }),
  ).toBe("Reviewed 23 Nov 2026, 10:05 UTC; since: grade 2 → 3, end (blank) → 2026-10-01");
});

it("names five fields and counts the rest, and cuts a long value", () => {
  const fields = ["a", "b", "c", "d", "e", "f", "g"];
  const before = Object.fromEntries(fields.map((f) => [f, 1]));
  const after = { ...Object.fromEntries(fields.map((f) => [f, 2])), a: "x".repeat(60) };
  const cut = `${"x".repeat(39)}…`;
  expect(changeWords(AT, { fields, before, after })).toBe(
    `Reviewed 23 Nov 2026, 10:05 UTC; since: a 1 → ${cut}, b 1 → 2, c 1 → 2, d 1 → 2, e 1 → 2, and 2 more fields`,
  );
});

it("says so where the version reviewed is no longer kept", () => {
  expect(changeNotKept(AT)).toBe(
    "Reviewed 23 Nov 2026, 10:05 UTC; the version reviewed is no longer kept, so what changed cannot be shown.",
  );
});

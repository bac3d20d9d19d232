import { describe, expect, it } from "vitest";
import type { SubjectResponse } from "@/lib/clinical/response/subject-response";
import { isDefaultOptions, optionChanges } from "./load-summary";

const s = (subjectId: string, signed: string, recomputed: string, notEvaluable: string | null = null) =>
  ({ subjectId, notEvaluable, signed: { bor: signed }, recomputed: { bor: recomputed } }) as unknown as SubjectResponse;

describe("optionChanges: the evaluable subjects whose BOR the options change", () => {
  it("names each change as signed and as recomputed, from the defaults' BOR to the options'", () => {
    const defaults = new Map([
      ["S1", s("S1", "PR", "PR")],
      ["S2", s("S2", "SD", "SD")],
      ["S3", s("S3", "PR", "SD")],
      ["S4", s("S4", "NE", "NE", "no baseline")],
    ]);
    const chosen = [s("S1", "SD", "PR"), s("S2", "SD", "SD"), s("S3", "SD", "PD"), s("S4", "NE", "NE", "no baseline")];
    expect(optionChanges(chosen, defaults)).toEqual([
      { subjectId: "S1", signed: { from: "PR", to: "SD" }, recomputed: null },
      { subjectId: "S3", signed: { from: "PR", to: "SD" }, recomputed: { from: "SD", to: "PD" } },
    ]);
  });
});

describe("isDefaultOptions", () => {
  it.each([
    [{ confirm: false, minSdDays: 42 }, true],
    [{ confirm: true, minSdDays: 42 }, false],
    [{ confirm: false, minSdDays: 0 }, false],
  ])("%o: %s", (o, yes) => expect(isDefaultOptions(o)).toBe(yes));
});

import { describe, expect, it } from "vitest";
import type { SubjectResponse } from "@/lib/clinical/response/subject-response";
import { drillTitle, inDrill, parseSubjectDrill } from "./drill";

const parse = (value: string) => parseSubjectDrill(new URLSearchParams({ subjects: value }));

describe("parseSubjectDrill: the summary's choice of subjects", () => {
  it.each([
    ["signed-PR", { source: "signed", group: "PR" }],
    ["recomputed-ORR", { source: "recomputed", group: "ORR" }],
    ["signed-N", { source: "signed", group: "N" }],
    ["recomputed-DCR", { source: "recomputed", group: "DCR" }],
  ])("%s", (value, drill) => expect(parse(value)).toEqual(drill));

  it.each(["", "signed", "signed-XX", "Signed-PR", "signed-pr", "signed-PR ", "both-PR", "signed-PR-CR"])(
    "%j falls back to every subject",
    (value) => expect(parse(value)).toBeNull(),
  );
  it("without the parameter: every subject", () => expect(parseSubjectDrill(new URLSearchParams())).toBeNull());
});

const subject = (signed: string, recomputed: string, notEvaluable: string | null = null) =>
  ({ notEvaluable, signed: { bor: signed }, recomputed: { bor: recomputed } }) as unknown as SubjectResponse;

describe("inDrill", () => {
  const s = subject("PR", "SD");
  it.each([
    ["signed", "PR", true],
    ["recomputed", "PR", false],
    ["signed", "ORR", true],
    ["recomputed", "ORR", false],
    ["recomputed", "DCR", true],
    ["signed", "N", true],
    ["recomputed", "SD", true],
  ] as const)("signed PR, recomputed SD: %s %s is %s", (source, group, yes) =>
    expect(inDrill(s, { source, group })).toBe(yes),
  );
  it("never holds a subject left out of N", () =>
    expect(inDrill(subject("NE", "NE", "no baseline"), { source: "signed", group: "N" })).toBe(false));
  it("says what it lists", () =>
    expect(drillTitle({ source: "recomputed", group: "ORR" })).toBe(
      "Evaluable subjects with an objective response (CR or PR) as recomputed",
    ));
});

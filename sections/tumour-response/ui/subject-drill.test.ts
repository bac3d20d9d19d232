import { describe, expect, it } from "vitest";
import type { SubjectResponse } from "@/lib/clinical/response/subject-response";
import { drillTitle, inDrill } from "./subject-drill";

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
  it("holds, by intent to treat, a subject without a post-baseline assessment (NE) in N and NE", () => {
    const noFollowUp = subject("NE", "NE", "no post-baseline assessment");
    expect(inDrill(noFollowUp, { source: "recomputed", group: "NE" })).toBe(false);
    expect(inDrill(noFollowUp, { source: "recomputed", group: "NE" }, "itt")).toBe(true);
    expect(inDrill(noFollowUp, { source: "recomputed", group: "DCR" }, "itt")).toBe(false);
  });
  it("counts Non-CR/Non-PD in disease control, not in the objective response", () => {
    const nn = subject("Non-CR/Non-PD", "Non-CR/Non-PD");
    expect(inDrill(nn, { source: "recomputed", group: "DCR" })).toBe(true);
    expect(inDrill(nn, { source: "recomputed", group: "ORR" })).toBe(false);
    expect(inDrill(nn, { source: "signed", group: "Non-CR/Non-PD" })).toBe(true);
    expect(inDrill(nn, { source: "signed", group: "SD" })).toBe(false);
  });
  it("says what it lists", () =>
    expect(drillTitle({ source: "recomputed", group: "ORR" })).toBe(
      "Evaluable subjects with an objective response (CR or PR) as recomputed",
    ));
});

import { describe, expect, it } from "vitest";
import { noteText } from "@/sections/frame/ui/notices";
import { leftOutHref } from "./links";
import { leftOutNote, spiderNote, swimmerNote, waterfallNote } from "./plot-notes";
import { subjectOf } from "./ui/test-subjects";

const links = { leftOut: (reason: string) => `/lo/${reason}`, noBar: "#no-bar" };

/**
 * Seven subjects, worked by hand:
 *   S1, S2 evaluable with a best change (a bar in the waterfall, a line, a swimmer bar);
 *   S3 evaluable without a known best change (no waterfall bar; a line and a swimmer bar);
 *   S4, S5 no baseline (nothing anywhere); S6 no assessment after baseline and S7 a baseline sum of 0 (a swimmer
 *   bar, no line, no waterfall bar).
 */
const study = [
  subjectOf({ id: "S1", best: -40, visits: [{ day: 42, pct: -40 }] }),
  subjectOf({ id: "S2", best: 10, visits: [{ day: 42, pct: 10 }] }),
  subjectOf({ id: "S3", best: null, visits: [{ day: 42 }] }),
  subjectOf({ id: "S4", notEvaluable: "no baseline" }),
  subjectOf({ id: "S5", notEvaluable: "no baseline" }),
  subjectOf({ id: "S6", notEvaluable: "no post-baseline assessment", baselineSum: 30 }),
  subjectOf({ id: "S7", notEvaluable: "baseline sum 0", baselineSum: 0, visits: [{ day: 42 }] }),
];

describe("the plots' notes of the subjects they have no place for", () => {
  it("waterfall: 2 bars of 7; each reason counted, then the evaluable subjects without a known best change", () => {
    const note = waterfallNote(study, links);
    expect(noteText(note!)).toBe(
      "Showing 2 of 7 subjects: 2 without a baseline, 1 with a baseline sum of 0, 1 without a post-baseline " +
        "assessment, 1 evaluable without a known best change (listed under the chart).",
    );
    expect(note).toContainEqual({ text: "2 without a baseline", href: "/lo/no baseline" });
    expect(note).toContainEqual({ text: "1 with a baseline sum of 0", href: "/lo/baseline sum 0" });
    expect(note).toContainEqual({
      text: "1 without a post-baseline assessment",
      href: "/lo/no post-baseline assessment",
    });
    expect(note).toContainEqual({
      text: "1 evaluable without a known best change (listed under the chart)",
      href: "#no-bar",
    });
  });

  it("spider plot: 3 of 7 can be drawn (S3's line has no known change but is drawn)", () => {
    expect(noteText(spiderNote(study, links)!)).toBe(
      "3 of 7 subjects can be drawn: 2 without a baseline, 1 with a baseline sum of 0, 1 without a post-baseline " +
        "assessment.",
    );
  });

  it("swimmer plot: 5 of 7 have a bar; only the subjects without a baseline have none", () => {
    expect(swimmerNote(study, links)).toEqual([
      "5 of 7 subjects have a bar: ",
      { text: "2 without a baseline", href: "/lo/no baseline" },
      ".",
    ]);
  });

  it("say nothing when every subject has its place", () => {
    const placed = study.slice(0, 2);
    expect([waterfallNote(placed, links), spiderNote(placed, links), swimmerNote(placed, links)]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it("write large counts with thousands separators", () =>
    expect(noteText(leftOutNote("Showing 8,766 of 10,000 subjects", [{ n: 1234, words: "w", href: "/x" }])!)).toBe(
      "Showing 8,766 of 10,000 subjects: 1,234 w.",
    ));
});

describe("leftOutHref", () => {
  it("opens the summary's list of subjects left out, filtered to exactly the reason, options kept", () =>
    expect(
      leftOutHref("/studies/c/ONC-101", { options: { confirm: true, minSdDays: 42 }, bor: "signed" }, "no baseline"),
    ).toBe("/studies/c/ONC-101/tumour-response?confirm=1&bor=signed&lo_f_reason=%3Dno+baseline#response-left-out"));
});

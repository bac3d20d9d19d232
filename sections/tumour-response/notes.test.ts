import { describe, expect, it } from "vitest";
import type { SubjectResponse } from "@/lib/clinical/response/subject-response";
import { type NotePart, noteText } from "@/sections/frame/ui/notices";
import {
  dayOneText,
  joinNotes,
  leftOutNote,
  MAX_NAMED,
  optionNotes,
  optionsText,
  setAsideNotes,
  spiderNote,
  swimmerNote,
  waterfallNote,
} from "./notes";
import { populationText } from "./ui/population-text";
import { subjectOf } from "./ui/test-subjects";

const href = (id: string) => `/r/${id}`;

describe("joinNotes: what no response can use, counted by reason", () => {
  it("says each count, in the singular or plural", () => {
    const notes = joinNotes({
      assessmentsWithoutSubject: 1,
      duplicateAssessments: 2,
      unreadLesions: new Map([
        ["has no category", 3],
        ["names no subject", 1],
      ]),
      lesionsWithoutAssessment: 1,
      duplicateLesions: 0,
    });
    expect(notes.map(noteText)).toEqual([
      "1 response assessment names no subject: not used.",
      "2 response assessments were sent again under an assessment ID already seen: each counts once (the first " +
        "received).",
      "3 lesion readings have no category: not used in any response.",
      "1 lesion reading names no subject: not used in any response.",
      "1 lesion reading belongs to no assessment of its subject (neither the one its lesion ID names nor the " +
        "subject's only assessment on its date): not used.",
    ]);
  });

  it("says nothing when everything was joined", () => {
    const none = { assessmentsWithoutSubject: 0, duplicateAssessments: 0, lesionsWithoutAssessment: 0 };
    expect(joinNotes({ ...none, unreadLesions: new Map(), duplicateLesions: 0 })).toEqual([]);
  });
});

const withSetAside = (id: string, before: number, undated: number, baseline = true) =>
  ({
    subjectId: id,
    baseline: baseline ? {} : null,
    beforeBaseline: Array(before).fill({}),
    undated: Array(undated).fill({}),
  }) as unknown as SubjectResponse;

describe("setAsideNotes: assessments not used, their subjects linked", () => {
  it("counts the assessments and links each subject; a subject without a baseline is left out instead", () => {
    const notes = setAsideNotes(
      [withSetAside("S1", 2, 0), withSetAside("S2", 1, 1), withSetAside("S3", 4, 0, false)],
      href,
    );
    expect(notes).toEqual([
      [
        "3 response assessments dated before the subject's baseline, not used " +
          "(listed on the subject's response page): ",
        { text: "S1", href: "/r/S1" },
        ", ",
        { text: "S2", href: "/r/S2" },
        ".",
      ],
      [
        "1 response assessment without a readable date, not used (listed on the subject's response page): ",
        { text: "S2", href: "/r/S2" },
        ".",
      ],
    ]);
  });

  it(`names at most ${MAX_NAMED} subjects, then counts the rest`, () => {
    const many = Array.from({ length: MAX_NAMED + 2 }, (_, i) => withSetAside(`S${i}`, 0, 1));
    const note = setAsideNotes(many, href)[0] as readonly NotePart[];
    expect(note.filter((p) => typeof p !== "string")).toHaveLength(MAX_NAMED);
    expect(note.at(-2)).toBe(" and 2 more");
  });
});

describe("optionNotes: what the options changed against the defaults", () => {
  const options = { confirm: true, minSdDays: 56 };
  it("says nothing under the defaults", () => expect(optionNotes(options, null, href)).toEqual([]));
  it("says when they change nothing", () =>
    expect(optionNotes(options, [], href).map(noteText)).toEqual([
      "The options (CR and PR confirmed 28 days or more later, SD at least 56 days from baseline) change no " +
        "subject's best overall response against the defaults (no confirmation, SD at least 42 days from baseline).",
    ]));
  it("names each subject changed, with the BORs from and to", () => {
    const changes = [
      { subjectId: "S1", signed: { from: "PR" as const, to: "SD" as const }, recomputed: null },
      {
        subjectId: "S2",
        signed: { from: "SD" as const, to: "PD" as const },
        recomputed: { from: "SD" as const, to: "NE" as const },
      },
    ];
    expect(optionNotes(options, changes, href)[0]).toEqual([
      "The options (CR and PR confirmed 28 days or more later, SD at least 56 days from baseline) change the best " +
        "overall response of 2 subjects against the defaults (no confirmation, SD at least 42 days from baseline): ",
      { text: "S1", href: "/r/S1" },
      " (signed PR → SD)",
      ", ",
      { text: "S2", href: "/r/S2" },
      " (signed SD → PD; recomputed SD → NE)",
      ".",
    ]);
  });
});

const links = { leftOut: (reason: string) => `/lo/${reason}`, noBar: "#no-bar", nonTargetOnly: "/nt" };

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

describe("dayOneText: day 1 of the response times, and the subjects that fell back on their baseline", () => {
  it.each([
    [{ anchor: "baseline", fellBack: [] }, "Day 1 of the response times is the baseline assessment"],
    [
      { anchor: "first-dose", fellBack: [] },
      "Day 1 of the response times is the first dose of the study drug; every subject with a baseline has a first dose",
    ],
    [
      { anchor: "first-dose", fellBack: ["S1"] },
      "Day 1 of the response times is the first dose of the study drug; 1 subject without a first dose counts from " +
        "its baseline assessment instead",
    ],
    [
      { anchor: "first-dose", fellBack: ["S1", "S2", "S3"] },
      "Day 1 of the response times is the first dose of the study drug; 3 subjects without a first dose count " +
        "from their baseline assessment instead",
    ],
  ] as const)("%o", (dayOne, expected) => expect(dayOneText(dayOne)).toBe(expected));

  it("the options name where SD's minimum counts from", () =>
    expect(optionsText({ confirm: false, minSdDays: 42 }, "first-dose")).toBe(
      "no confirmation of CR and PR, SD at least 42 days from the first dose",
    ));
});

describe("populationText: who N counts, with both Ns", () => {
  it("evaluable: N 20 (20 evaluable, 22 by intent to treat)", () =>
    expect(populationText({ population: "evaluable", n: 20, evaluable: 20, itt: 22 })).toBe(
      "N = 20, the evaluable subjects (20 evaluable, 22 by intent to treat); ORR (CR + PR) and DCR (CR + PR + SD + " +
        "Non-CR/Non-PD) are over this N",
    ));
  it("intent to treat: N 22, the 22 - 20 = 2 added count NE", () =>
    expect(populationText({ population: "itt", n: 22, evaluable: 20, itt: 22 })).toBe(
      "N = 22, intent to treat (20 evaluable, 22 by intent to treat): the 2 with disease at baseline but no " +
        "assessment after it count NE; ORR and DCR are over this N",
    ));
});

import { describe, expect, it } from "vitest";
import { EDISH_DEFAULTS } from "@/lib/clinical/liver/edish";
import { liverNotes } from "./liver-notes";
import { LIVER_DEFAULTS, type LiverQuery } from "./liver-query";
import type { LiverView } from "./load-liver";

const clean: LiverView = {
  asOf: 0,
  rejected: [],
  plot: {
    params: EDISH_DEFAULTS,
    points: [],
    counts: { normal: 0, hyperbilirubinemia: 0, temple: 0, "hys-law": 0 },
    notPlotted: { noTransaminase: 0, noBilirubin: 0, notPositive: 0, otherTransaminaseOnly: 0, noBaseline: 0 },
  },
  studySubjects: 40,
  withoutLiverResults: 0,
  notInGroup: 0,
  undated: 0,
  results: { ALT: 320, AST: 320, BILI: 320 },
  unusable: { ALT: 0, AST: 0, BILI: 0 },
  withoutSubject: 0,
  outside: { "no-first-dose": 0, undated: 0, before: 0, after: 0 },
  noFirstDose: { count: 0, plotted: 0 },
  noneOnTreatment: { count: 0, plotted: 0 },
  firstResultBaselines: 0,
  only: new Map(),
  patterns: [],
};
const LIVER = "/s/laboratory/liver";
const query: LiverQuery = { settings: LIVER_DEFAULTS, quadrant: "temple", concurrent: true, only: null };
const notes = (view: LiverView, q = query) => liverNotes(view, LIVER, q);

describe("liverNotes", () => {
  it("says nothing when every result and subject was used", () => expect(notes(clean)).toEqual([]));

  it("counts every result and subject left out, and why", () => {
    const view: LiverView = {
      ...clean,
      plot: {
        ...clean.plot,
        notPlotted: { noTransaminase: 2, noBilirubin: 1, notPositive: 1, otherTransaminaseOnly: 2, noBaseline: 0 },
      },
      withoutLiverResults: 1,
      notInGroup: 2,
      undated: 1,
      unusable: { ALT: 1, AST: 0, BILI: 3 },
      withoutSubject: 2,
    };
    expect(notes(view)).toEqual([
      "1 ALT result of 320 has no numeric value or no upper limit in the record's own reference range (no range, " +
        "free text, or no upper bound): not used.",
      "3 total bilirubin results of 320 have no numeric value or no upper limit in the record's own reference range " +
        "(no range, free text, or no upper bound): not used.",
      "2 ALT, AST or bilirubin results named no subject: not used.",
      "1 subject with a peak ALT but no usable total bilirubin result: not plotted.",
      "2 subjects with a peak total bilirubin but no usable ALT result: not plotted.",
      "1 subject with a peak of 0 ×ULN, which a log axis cannot place: not plotted.",
      "2 subjects with AST results only (no usable ALT or total bilirubin result): not plotted.",
      "1 of the 40 subjects in the study's Group has no usable ALT, AST or total bilirubin result.",
      "2 plotted subjects not in the study's Group (plotted all the same).",
      "1 plotted subject with a peak without a date: concurrency unknown.",
    ]);
  });

  it("counts what the peaks on treatment leave out; a count of subjects opens those all results plot", () => {
    const view: LiverView = {
      ...clean,
      outside: { "no-first-dose": 4, undated: 0, before: 40, after: 2 },
      noFirstDose: { count: 3, plotted: 2 },
      noneOnTreatment: { count: 1, plotted: 0 },
    };
    // The listing keeps the page's settings, with the peaks of every result, and no quadrant or concurrency.
    const href = (only: string) => `${LIVER}?peaks=all&only=${only}#liver-subjects-title`;
    expect(notes(view)).toEqual([
      "46 ALT, AST or total bilirubin results not on treatment (after the first dose's day, up to 30 days after the " +
        "last dose): not used for the peaks (40 on or before the day of the first dose, 2 more than 30 days after " +
        "the last dose, 4 of subjects without a known first dose).",
      [
        "3 subjects with ALT, AST or total bilirubin results but no known first dose of the study drug, so none on " +
          "treatment: not plotted",
        " (with the peaks of every result, ",
        { text: "2 of them", href: href("no-first-dose") },
        " would be plotted)",
        ".",
      ],
      [
        "1 subject with ALT, AST or total bilirubin results, none of them on treatment (after the first dose's " +
          "day, up to 30 days after the last dose): not plotted",
        ".",
      ],
    ]);
  });

  it("with the peaks of all results, names the plotted subjects without a first dose or a result on treatment", () => {
    const view: LiverView = {
      ...clean,
      outside: null,
      noFirstDose: { count: 3, plotted: 2 },
      noneOnTreatment: { count: 1, plotted: 1 },
    };
    const all: LiverQuery = { ...query, settings: { ...LIVER_DEFAULTS, peaks: "all", windowDays: 7 } };
    const href = (only: string) => `${LIVER}?peaks=all&window=7&only=${only}#liver-subjects-title`;
    expect(notes(view, all)).toEqual([
      [{ text: "2 plotted subjects", href: href("no-first-dose") }, " without a known first dose of the study drug."],
      [
        { text: "1 plotted subject", href: href("no-on-treatment") },
        " without an ALT, AST or total bilirubin result on treatment (after the first dose's day, up to 7 days after " +
          "the last dose).",
      ],
    ]);
  });

  it("in multiples of baseline, counts the subjects without a baseline and those measured from a first result", () => {
    const view: LiverView = {
      ...clean,
      plot: { ...clean.plot, notPlotted: { ...clean.plot.notPlotted, noBaseline: 2 } },
      firstResultBaselines: 1,
    };
    expect(notes(view)).toEqual([
      "2 subjects with both peaks but no usable baseline ALT or total bilirubin (no result on or before the first " +
        "dose, or a baseline of 0): not plotted in multiples of baseline.",
      "1 plotted subject without a known first dose of the study drug, measured against the earliest result of each " +
        "test.",
    ]);
  });
});

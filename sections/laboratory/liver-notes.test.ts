import { describe, expect, it } from "vitest";
import { EDISH_DEFAULTS } from "@/lib/clinical/liver/edish";
import { liverNotes } from "./liver-notes";
import type { LiverView } from "./load-liver";

const clean: LiverView = {
  asOf: 0,
  rejected: [],
  plot: {
    params: EDISH_DEFAULTS,
    points: [],
    counts: { normal: 0, hyperbilirubinemia: 0, temple: 0, "hys-law": 0 },
    notPlotted: { noTransaminase: 0, noBilirubin: 0, notPositive: 0, otherTransaminaseOnly: 0 },
  },
  studySubjects: 40,
  withoutLiverResults: 0,
  notInGroup: 0,
  undated: 0,
  results: { ALT: 320, AST: 320, BILI: 320 },
  unusable: { ALT: 0, AST: 0, BILI: 0 },
  withoutSubject: 0,
};

describe("liverNotes", () => {
  it("says nothing when every result and subject was used", () => expect(liverNotes(clean)).toEqual([]));

  it("counts every result and subject left out, and why", () => {
    const view: LiverView = {
      ...clean,
      plot: {
        ...clean.plot,
        notPlotted: { noTransaminase: 2, noBilirubin: 1, notPositive: 1, otherTransaminaseOnly: 2 },
      },
      withoutLiverResults: 1,
      notInGroup: 2,
      undated: 1,
      unusable: { ALT: 1, AST: 0, BILI: 3 },
      withoutSubject: 2,
    };
    expect(liverNotes(view)).toEqual([
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
});

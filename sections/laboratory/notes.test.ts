import { describe, expect, it } from "vitest";
import { labOverview } from "@/lib/clinical/laboratory/overview";
import { indexLabTests, testName } from "@/lib/clinical/laboratory/series";
import { type DataNote, noteText } from "@/sections/frame/ui/notices";
import type { ChosenTest, LaboratoryView } from "./load";
import { laboratoryNotes } from "./notes";
import { rows } from "./testing";

function view(): LaboratoryView {
  const tests = indexLabTests(rows);
  return {
    asOf: 0,
    rejected: [],
    overview: labOverview(rows, tests),
    tests: tests.map((t) => ({ key: t.key, name: testName(t), code: t.code, units: t.series.map((s) => s.unit) })),
    rule: "named visit",
    window: { days: 30, ignored: false },
    test: null,
    unknownTest: false,
    issue: null,
    visit: null,
    unknownVisit: false,
  };
}

const B = "/studies/c/ONC-101/laboratory";
const links = (notes: DataNote[]) =>
  notes.flatMap((n) => (typeof n === "string" ? [] : n.filter((p) => typeof p !== "string")));

describe("laboratory data notes", () => {
  it("says what is odd in the results, counted", () => {
    expect(laboratoryNotes(view(), B).map(noteText)).toEqual([
      "1 numeric result without a unit (GLUC): shown as a series of their own, never mixed with the test's unit.",
      "GLUC comes in 2 units (mg/dL, mmol/L): one row, chart and shift table each.",
      "1 text result (UPROT): shown as text, never plotted.",
      "2 tests without a service code, keyed by name: UPROT, MONO.",
      "1 numeric result without a reference range: not flagged L or H.",
      "1 result without a collection date: not used to order visits nor in shift tables where a subject's baseline " +
        "comes from the first dose.",
      '1 result without a visit: shown as the visit "(no visit)".',
    ]);
  });

  it("opens the results of each count, and each test it names", () => {
    expect(links(laboratoryNotes(view(), B))).toEqual([
      { text: "1 numeric result without a unit", href: `${B}?issue=no-unit#lab-issue` },
      { text: "GLUC", href: `${B}?test=code%3ALB0208` },
      { text: "GLUC", href: `${B}?test=code%3ALB0208` },
      { text: "1 text result", href: `${B}?issue=text#lab-issue` },
      { text: "UPROT", href: `${B}?test=name%3AUPROT` },
      { text: "UPROT", href: `${B}?test=name%3AUPROT` },
      { text: "MONO", href: `${B}?test=name%3AMONO` },
      { text: "1 numeric result without a reference range", href: `${B}?issue=no-range#lab-issue` },
      { text: "1 result without a collection date", href: `${B}?issue=no-date#lab-issue` },
      { text: "1 result without a visit", href: `${B}?issue=no-visit#lab-issue` },
    ]);
  });

  it("counts the chosen test's results after the on-treatment window per unit, each count opening them", () => {
    const series = [
      { unit: "mg/dL", late: 3 },
      { unit: "mmol/L", late: 0 },
      { unit: null, late: 1 },
    ];
    const test = { key: "code:LB0208", name: "GLUC", series } as unknown as ChosenTest;
    const notes = laboratoryNotes({ ...view(), window: { days: 7, ignored: false }, test }, B);
    // No note for the unit with none after the window.
    expect(notes.slice(-2).map(noteText)).toEqual([
      "3 numeric results of GLUC in mg/dL dated after the on-treatment window (the last dose + 7 days): not counted " +
        "in the worst value after baseline of the shift tables.",
      "1 numeric result of GLUC in (no unit) dated after the on-treatment window (the last dose + 7 days): not " +
        "counted in the worst value after baseline of the shift tables.",
    ]);
    expect(links(notes.slice(-2))).toEqual([
      {
        text: "3 numeric results of GLUC in mg/dL dated after the on-treatment window",
        href: `${B}?test=code%3ALB0208&unit=mg%2FdL&show=all&window=7&phase=late#results`,
      },
      {
        text: "1 numeric result of GLUC in (no unit) dated after the on-treatment window",
        href: `${B}?test=code%3ALB0208&unit=&show=all&window=7&phase=late#results`,
      },
    ]);
  });
});

/** The liver panel's data table and notes, worked by hand (docs/clinical-rules.md, Trends of one subject). */
import { describe, expect, it } from "vitest";
import type { AeOnset } from "@/lib/clinical/adverse-events/onsets";
import { liverPanel } from "@/lib/clinical/liver/liver-panel";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import { LIVER_PANEL_COLUMNS, liverPanelNotes, liverPanelRows, liverPanelTable } from "./liver-panel-table";

const row = (over: Partial<MeasurementRow>): MeasurementRow => ({
  id: "r",
  subjectId: "S1",
  test: "ALT",
  code: "LB0214",
  visit: "Cycle 1 Day 8",
  collectedAt: "2024-03-08T08:30:00",
  value: 80,
  text: null,
  unit: "U/L",
  range: "<=40",
  ...over,
});
const onset: AeOnset = { key: "E1", t: 0, start: "2024-03-05", term: "Nausea", grade: 2 };

describe("liverPanelRows: a row per result with its ULN and ×ULN, then the onsets", () => {
  const panel = liverPanel([
    row({ id: "b1", test: "Total bilirubin", code: "LB0217", value: 1.5, unit: "mg/dL", range: "0.1 - 1.2" }),
    row({ id: "a1" }),
  ]);

  it("gives study days from day 1, the test, the result as sent and the multiple", () =>
    // Day 1 2024-03-01: 03-08 is day 8, 03-05 day 5. 80 / 40 = 2; 1.5 / 1.2 = 1.25.
    expect(liverPanelRows(panel, [onset], "2024-03-01")).toEqual([
      {
        ...{ studyDay: 8, collectedAt: "2024-03-08 08:30", visit: "Cycle 1 Day 8", test: "ALT" },
        ...{ result: 80, unit: "U/L", uln: 40, timesUln: 2, event: null, record: "a1" },
      },
      {
        ...{ studyDay: 8, collectedAt: "2024-03-08 08:30", visit: "Cycle 1 Day 8", test: "Total bilirubin" },
        ...{ result: 1.5, unit: "mg/dL", uln: 1.2, timesUln: 1.25, event: null, record: "b1" },
      },
      {
        ...{ studyDay: 5, collectedAt: "2024-03-05", visit: null, test: "Adverse-event onset" },
        ...{ result: null, unit: null, uln: null, timesUln: null, event: "Nausea, grade 2", record: "E1" },
      },
    ]));

  it("has no study days without a day 1", () =>
    expect(liverPanelRows(panel, [], null).map((r) => r.studyDay)).toEqual([null, null]));

  it("names the columns and the chart", () => {
    expect(LIVER_PANEL_COLUMNS.map((c) => c.header)).toEqual([
      "Study day",
      "Collected (site time) or AE start",
      "Visit",
      "Test",
      "Result",
      "Unit",
      "ULN",
      "×ULN",
      "Adverse event",
      "Record",
    ]);
    expect(liverPanelTable(panel, [], "101-0001", null).caption).toBe(
      "Data of the chart: Liver tests of subject 101-0001, × ULN",
    );
  });
});

describe("liverPanelNotes: what the panel leaves out, counted", () => {
  it("counts the results without an upper limit by test, and the others by reason", () => {
    const panel = liverPanel([
      row({ id: "a1", range: "See report" }),
      row({ id: "a2", range: null }),
      row({ id: "b1", test: "BILI", range: ">=0.1", value: 1 }),
      row({ id: "a3", value: null, text: "Haemolysed" }),
      row({ id: "a4", collectedAt: null }),
    ]);
    expect(liverPanelNotes(panel, 1)).toEqual([
      "3 results of the liver tests are left out of the panel: no upper limit in the record's range to divide by " +
        "(ALT 2, Total bilirubin 1); its test's trend shows it.",
      "1 text result of the liver tests is left out of the panel: text cannot be plotted.",
      "1 result of the liver tests is left out of the panel: no readable collection time.",
      "1 adverse event has no start date and cannot be marked.",
    ]);
  });

  it("says nothing when every result is plotted", () => expect(liverPanelNotes(liverPanel([row({})]), 0)).toEqual([]));
});

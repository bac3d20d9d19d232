/**
 * A click on the timeline opens its record in the table below by a column filter: that filter must match the
 * record alone, not every record whose key contains its key (AE1 is not AE10).
 */
import { describe, expect, it } from "vitest";
import type { AdverseEventRow } from "@/lib/clinical/adverse-events/rows";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import type { MedicationRow } from "@/lib/clinical/medications/rows";
import type { AssessmentRow } from "@/lib/clinical/response/assessments";
import { buildTimeline } from "@/lib/clinical/subjects/timeline";
import { textMatches } from "@/lib/tables/filters";
import { itemId, itemTarget, timelineItems, trendRecordTarget } from "./timeline-items";

const ae = (key: string) =>
  ({
    key,
    subjectId: "S1",
    term: "Nausea",
    grade: 2,
    start: "2024-03-01",
    end: "2024-03-03",
    ongoing: false,
  }) as AdverseEventRow;
const dr = (key: string) =>
  ({ key, subjectId: "S1", date: "2024-03-05", conclusion: "Stable Disease", name: "Follow-up 1" }) as AssessmentRow;
const med = (id: string, drug: string) =>
  ({ id, subjectId: "S1", drug, start: "2024-02-27", end: "2024-03-10" }) as MedicationRow;

const records = {
  adverseEvents: [ae("AE1"), ae("AE10"), ae("XAE1")],
  assessments: [dr("A-1"), dr("A-10")],
  medications: [med("M1", "Codeine"), med("M2", "Paracetamol/Codeine")],
};
const timeline = buildTimeline({
  reference: { date: "2024-02-27", source: "first dose" },
  products: [],
  labs: [],
  vitals: [],
  ...records,
});

describe("a timeline item's link to its table", () => {
  const items = timelineItems(timeline, records);
  it.each<[string, string, string[], string[]]>([
    ["adverse-event:AE1", "key", ["AE1", "AE10", "XAE1"], ["AE1"]],
    ["assessment:A-1", "key", ["A-1", "A-10"], ["A-1"]],
    ["medication:M1", "drug", ["Codeine", "Paracetamol/Codeine"], ["Codeine"]],
  ])("%s filters its table to exactly its record", (id, column, cells, expected) => {
    const item = items.find((i) => itemId(i) === id);
    const open = item ? itemTarget(item) : undefined;
    // A table target has a column and a value; the laboratory one only an anchor.
    const table = open as { column?: string; value?: string } | undefined;
    expect(table?.column).toBe(column);
    const filter: string = table?.value ?? "";
    expect(cells.filter((c) => textMatches(c, filter))).toEqual(expected);
  });
});

describe("a vital-sign trend point's link to its record", () => {
  it("opens the trend's data table, filtered to exactly that record", () => {
    const open = trendRecordTarget("V1") as { prefix: string; column: string; value: string; open?: string };
    expect(open).toMatchObject({ prefix: "trend_", column: "record", open: "trend_table", anchor: "trend-data" });
    expect(["V1", "V10", "XV1"].filter((c) => textMatches(c, open.value))).toEqual(["V1"]);
  });
});

describe("a laboratory visit's link to the grid", () => {
  const lab = (id: string, visit: string, collectedAt: string) =>
    ({ id, subjectId: "S1", test: "ALT", code: "LB0214", visit, collectedAt, value: 30 }) as MeasurementRow;
  const labs = [lab("L1", "Week 1", "2024-03-01T08:00:00"), lab("L2", "Week 2", "2024-03-08T09:00:00")];
  const withLabs = buildTimeline({
    reference: { date: "2024-02-27", source: "first dose" },
    products: [],
    labs,
    vitals: [],
    ...records,
  });
  // The grid's columns by hand: an unscheduled visit on 1 March comes after Week 1 on that day.
  const gridColumns = [{ date: "2024-02-27" }, { date: "2024-03-01" }, { date: "2024-03-01" }, { date: "2024-03-08" }];

  it("opens the first column of its day", () => {
    const items = timelineItems(withLabs, { ...records, gridColumns }).filter((i) => i.kind === "laboratory");
    expect(items.map((i) => [i.record, itemTarget(i)])).toEqual([
      ["2024-03-01", { gridColumn: 1 }],
      ["2024-03-08", { gridColumn: 3 }],
    ]);
  });

  it("without the grid's columns, the laboratory section", () => {
    const items = timelineItems(withLabs, records).filter((i) => i.kind === "laboratory");
    expect(items.map(itemTarget)).toEqual([{ anchor: "subject-measurements" }, { anchor: "subject-measurements" }]);
  });
});

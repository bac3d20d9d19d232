/** The results listing's cells: the collection time without the ISO T, the unit as a laboratory report writes it. */
import { describe, expect, it } from "vitest";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import { measurementDef } from "./measurement-columns";

const row = (over: Partial<MeasurementRow>): MeasurementRow => ({
  id: "r1",
  subjectId: "101-0001",
  test: "WBC",
  code: "LB0101",
  visit: "Screening",
  collectedAt: "2023-03-30T09:15:00",
  value: 12.4,
  text: null,
  unit: "10^9/L",
  range: "4.0 - 11.0",
  ...over,
});

const cells = (r: MeasurementRow) => {
  const { columns } = measurementDef([r], "/studies/c1/ONC-101");
  return Object.fromEntries(columns.map((c) => [c.id, c.value(r)]));
};

describe("measurementDef: the cells of a result", () => {
  it("writes the time without the T, to the minute, and the unit with its superscript", () =>
    expect(cells(row({}))).toMatchObject({ collected: "2023-03-30 09:15", unit: "10⁹/L", flag: "H" }));

  it("keeps seconds that are not zero, and names numbers without a unit", () =>
    expect(cells(row({ collectedAt: "2023-03-30T09:15:30", unit: null }))).toMatchObject({
      collected: "2023-03-30 09:15:30",
      unit: "(no unit)",
    }));

  it("leaves a text result's missing unit blank, and shows a date without a time as sent", () =>
    expect(cells(row({ value: null, text: "Trace", unit: null, collectedAt: "2023-03-30" }))).toMatchObject({
      collected: "2023-03-30",
      unit: null,
    }));

  it("says in the header that the time is the site's", () => {
    const { columns } = measurementDef([], "/studies/c1/ONC-101");
    expect(columns.find((c) => c.id === "collected")?.header).toBe("Collected (site time)");
  });
});

import { describe, expect, it } from "vitest";
import type { MeasurementRow } from "../measurements/rows";
import { groupVitals, vitalGroupLabel } from "./groups";

let n = 0;
const row = (test: string, value: number | null, unit: string | null, text: string | null = null): MeasurementRow => ({
  id: `r${++n}`,
  subjectId: "S1",
  test,
  code: null,
  visit: "Screening",
  collectedAt: "2024-01-01T08:00:00",
  value,
  text,
  unit,
  range: null,
});

describe("vital-sign groups: one per item and unit for numbers, one per item for text", () => {
  const rows = [
    row("Systolic", 120, "mmHg"),
    row("Weight", 70, "kg"),
    row("Position", null, null, "Sitting"),
    row("Weight", 154, "lb"),
    row("Systolic", null, null, "Not done"),
    row("Temperature", 37, null),
    row("Weight", 71, "kg"),
    row("Position", null, null, null),
    row("Systolic", 124, "mmHg"),
  ];
  const groups = groupVitals(rows);

  it("keeps two units of one item apart, and an item's text results apart from its numbers", () =>
    expect(groups.map((g) => [g.test, g.unit, g.kind, g.rows.map((r) => r.value ?? r.text)])).toEqual([
      ["Systolic", "mmHg", "number", [120, 124]],
      ["Systolic", null, "text", ["Not done"]],
      ["Weight", "kg", "number", [70, 71]],
      ["Weight", "lb", "number", [154]],
      ["Position", null, "text", ["Sitting", null]],
      ["Temperature", null, "number", [37]],
    ]));

  it("puts every record in exactly one group", () =>
    expect(groups.reduce((sum, g) => sum + g.rows.length, 0)).toBe(rows.length));

  it.each([
    [{ test: "Weight", unit: "kg", kind: "number" as const }, "Weight (kg)"],
    [{ test: "Temperature", unit: null, kind: "number" as const }, "Temperature (no unit)"],
    [{ test: "Position", unit: null, kind: "text" as const }, "Position (text)"],
    // The partner's names, plain, and its units as a report writes them.
    [{ test: "Temperature F", unit: "F", kind: "number" as const }, "Temperature (°F)"],
    [{ test: "Temperature Temp C", unit: "C", kind: "number" as const }, "Temperature (°C)"],
    [{ test: "Blood Pressure BP Systolic", unit: "mmHg", kind: "number" as const }, "Systolic blood pressure (mmHg)"],
    [{ test: "Weight (kilograms)", unit: "kg", kind: "number" as const }, "Weight (kg)"],
    [{ test: "BSA m2", unit: "m2", kind: "number" as const }, "Body surface area (m²)"],
    [{ test: "Blood Pressure Positioning", unit: null, kind: "text" as const }, "Blood pressure position (text)"],
  ])("names %j %s", (key, label) => expect(vitalGroupLabel(key)).toBe(label));
});

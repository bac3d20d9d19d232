/** For the section's tests: rows of five laboratory tests (a unit change, no unit, no code, no range, no date). */
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";

export const row = (over: Partial<MeasurementRow>): MeasurementRow => ({
  id: "x",
  subjectId: "S1",
  test: "GLUC",
  code: "LB0208",
  visit: "Screening",
  collectedAt: "2023-03-01T08:00:00",
  value: 90,
  text: null,
  unit: "mg/dL",
  range: "70-99",
  ...over,
});

export const rows = [
  row({}),
  row({ unit: "mmol/L", value: 5, range: "3.9-5.5" }),
  row({ unit: null, value: 95 }),
  row({ test: "UPROT", code: null, unit: null, value: null, text: "Trace", range: "Negative" }),
  row({ test: "MONO", code: null, unit: "10^9/L", value: 0.5, range: null, collectedAt: null, visit: null }),
];

/** Laboratory rows for the liver tests (peaks, eDISH, baselines, on-treatment peaks, R ratio). */
import type { MeasurementRow } from "../measurements/rows";

/**
 * A laboratory row; the ranges are those of the demo data: ALT `<=40`, AST `<35`, BILI `0.1 - 1.2`, ALP `40-129`.
 * `time` is the time of day of its collection.
 */
export function lab(
  subjectId: string | null,
  test: string,
  value: number | null,
  date: string | null,
  range: string | null = { ALT: "<=40", AST: "<35", BILI: "0.1 - 1.2", ALP: "40-129" }[test] ?? null,
  time = "08:00:00",
): MeasurementRow {
  const id = `${subjectId}-${test}-${value}-${date}`;
  const collectedAt = date === null ? null : `${date}T${time}`;
  return { id, subjectId, test, code: null, visit: null, collectedAt, value, text: null, unit: "U/L", range };
}

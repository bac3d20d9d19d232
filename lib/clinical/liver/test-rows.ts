/** Laboratory rows for the eDISH tests (edish-peaks.test.ts, edish.test.ts). */
import type { MeasurementRow } from "../measurements/rows";

/** A laboratory row; the ranges are those of the demo data: ALT `<=40`, AST `<35`, BILI `0.1 - 1.2`. */
export function lab(
  subjectId: string | null,
  test: string,
  value: number | null,
  date: string | null,
  range: string | null = { ALT: "<=40", AST: "<35", BILI: "0.1 - 1.2" }[test] ?? null,
): MeasurementRow {
  const id = `${subjectId}-${test}-${value}-${date}`;
  const collectedAt = date === null ? null : `${date}T08:00:00`;
  return { id, subjectId, test, code: null, visit: null, collectedAt, value, text: null, unit: "U/L", range };
}

/**
 * The blood-pressure position (docs/export-pack.md, VS): the partner sends it as a vital-sign item of its own
 * (`Blood Pressure Positioning`, the position as text), at the same collection time as the pressures it qualifies.
 * SDTM writes it as VSPOS on those records. The position records of a subject at one collection time (as sent)
 * become the VSPOS of its blood pressures at that time when there are such pressures and the position records all
 * give one position; otherwise they stay records of their own, so that no position is lost or guessed.
 */
import type { MeasurementRow } from "../measurements/rows";
import { originalResult, testOf } from "./findings";
import { isPositionItem } from "./test-codes";

const timeKey = (r: MeasurementRow) =>
  r.subjectId === null || r.collectedAt === null ? null : `${r.subjectId}\u0000${r.collectedAt}`;

export interface Positions {
  /** VSPOS of a blood pressure: the position taken at its time; null when none or not one. */
  positionAt(row: MeasurementRow): string | null;
  /** The rows that stay records: every row but the positions written as VSPOS. */
  kept: MeasurementRow[];
}

export function positions(rows: readonly MeasurementRow[], isBloodPressure: (r: MeasurementRow) => boolean): Positions {
  // Per subject and time: the positions sent (null for a record without one), and whether a pressure was taken.
  const sent = new Map<string, (string | null)[]>();
  const pressured = new Set<string>();
  for (const r of rows) {
    const key = timeKey(r);
    if (key === null) continue;
    if (isPositionItem(testOf(r))) {
      const list = sent.get(key);
      if (list) list.push(originalResult(r));
      else sent.set(key, [originalResult(r)]);
    } else if (isBloodPressure(r)) pressured.add(key);
  }
  const positionOf = new Map<string, string>();
  for (const [key, values] of sent) {
    const [first] = values;
    if (pressured.has(key) && first !== null && values.every((v) => v === first)) positionOf.set(key, first);
  }
  const at = (r: MeasurementRow) => {
    const key = timeKey(r);
    return key === null ? undefined : positionOf.get(key);
  };
  return {
    positionAt: (r) => (isBloodPressure(r) ? (at(r) ?? null) : null),
    kept: rows.filter((r) => !(isPositionItem(testOf(r)) && at(r) !== undefined)),
  };
}

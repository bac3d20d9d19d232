/**
 * The readings a vital-sign summary counts (docs/clinical-rules.md, One
 * reading per subject and visit): n counts subjects, so of a subject's
 * several readings of one group (item and unit) at one visit the summary
 * takes the last of the visit by collection time, the value a clinical study
 * report's table by visit shows. A reading without a readable time cannot be
 * shown to be the later one: it counts only when the subject has no timed
 * reading there; two readings of the same time (or both untimed) count the
 * one the partner sent last. A record that names no subject cannot be counted
 * as a subject. Every record stays in its group's listing, the left-out ones
 * marked with the reason.
 */
import type { MeasurementRow } from "../measurements/rows";
import { timeOf } from "../subjects/trend-series";

/** Why a record is not among the readings a summary counts. */
export type LeftOutReason = "earlier reading" | "no subject";

export interface GroupReadings {
  /** One reading per subject and visit, in the partner's order (the group's own array when none is left out). */
  counted: readonly MeasurementRow[];
  /** The group's other records, each with its reason. */
  leftOut: ReadonlyMap<MeasurementRow, LeftOutReason>;
}

/** Readings without a readable time come before every timed reading of their visit. */
const UNTIMED = Number.NEGATIVE_INFINITY;

/** The readings of one group's records that its summary counts. */
export function countedReadings(rows: readonly MeasurementRow[]): GroupReadings {
  // By subject, then visit (null: none): the rows' own interned strings as keys, no key made per row.
  const held = new Map<string, Map<string | null, MeasurementRow>>();
  const leftOut = new Map<MeasurementRow, LeftOutReason>();
  for (const r of rows) {
    if (r.subjectId === null) {
      leftOut.set(r, "no subject");
      continue;
    }
    let visits = held.get(r.subjectId);
    if (!visits) {
      visits = new Map();
      held.set(r.subjectId, visits);
    }
    const before = visits.get(r.visit);
    if (before === undefined) visits.set(r.visit, r);
    else if (isLater(r, before)) {
      leftOut.set(before, "earlier reading");
      visits.set(r.visit, r);
    } else leftOut.set(r, "earlier reading");
  }
  return { counted: leftOut.size === 0 ? rows : rows.filter((r) => !leftOut.has(r)), leftOut };
}

/** Whether `r`, sent after `before`, is the later reading: a later or equal time (ties: the one sent last). */
function isLater(r: MeasurementRow, before: MeasurementRow): boolean {
  return (timeOf(r.collectedAt) ?? UNTIMED) >= (timeOf(before.collectedAt) ?? UNTIMED);
}

/**
 * Vital-sign records split into the groups the view summarises
 * (docs/clinical-rules.md, Vital signs): one group per item and unit for
 * numeric results, so that two units of one item are never mixed, and one
 * group per item for its results without a number (text such as a
 * blood-pressure position, or no result at all), which are listed and counted
 * but never averaged or plotted. Every record is in exactly one group.
 */
import type { MeasurementRow } from "../measurements/rows";
import { vitalItemName, vitalNameWithUnit } from "./names";

export type VitalKind = "number" | "text";

export interface VitalGroupKey {
  test: string;
  /** The unit of a numeric group (null: numbers sent without a unit); always null for a text group. */
  unit: string | null;
  kind: VitalKind;
}

export interface VitalGroupRows extends VitalGroupKey {
  rows: MeasurementRow[];
}

/** The group a record belongs to. */
export function vitalGroupKey(row: MeasurementRow): VitalGroupKey {
  return row.value !== null
    ? { test: row.test, unit: row.unit, kind: "number" }
    : { test: row.test, unit: null, kind: "text" };
}

export const sameGroup = (a: VitalGroupKey, b: VitalGroupKey) =>
  a.test === b.test && a.unit === b.unit && a.kind === b.kind;

/** The groups in the order their items first appear in the partner's records (its recording order). */
export function groupVitals(rows: readonly MeasurementRow[]): VitalGroupRows[] {
  const byTest = new Map<string, VitalGroupRows[]>();
  const order: VitalGroupRows[] = [];
  for (const row of rows) {
    const key = vitalGroupKey(row);
    let groups = byTest.get(key.test);
    if (!groups) {
      groups = [];
      byTest.set(key.test, groups);
    }
    let group = groups.find((g) => sameGroup(g, key));
    if (!group) {
      group = { ...key, rows: [] };
      groups.push(group);
      order.push(group);
    }
    group.rows.push(row);
  }
  // An item's groups side by side: its units in order of appearance, then its text results.
  const firstOf = new Map([...byTest.keys()].map((test, i) => [test, i]));
  return order
    .map((g, i) => ({ g, i }))
    .sort(
      (a, b) =>
        (firstOf.get(a.g.test) as number) - (firstOf.get(b.g.test) as number) ||
        (a.g.kind === b.g.kind ? 0 : a.g.kind === "number" ? -1 : 1) ||
        a.i - b.i,
    )
    .map(({ g }) => g);
}

/**
 * How a group is named on screen, its item by its plain name (./names.ts) and its unit as a report writes it:
 * `Weight (kg)` for "Weight (kilograms)", `Temperature (°F)` for "Temperature F", `Blood pressure position (text)`.
 */
export function vitalGroupLabel(key: VitalGroupKey): string {
  if (key.kind === "text") return `${vitalItemName(key.test, null)} (text)`;
  return vitalNameWithUnit(key.test, key.unit);
}

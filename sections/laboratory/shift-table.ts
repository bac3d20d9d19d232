/**
 * A unit's shift tables (docs/clinical-rules.md, Shift tables): the baseline category in rows, the lowest (or
 * highest) category after baseline in columns, each row and column with its total, counts of subjects.
 */

import { SHIFT_CATEGORIES, type ShiftCategory, type ShiftDirection } from "@/lib/clinical/laboratory/shift";
import type { TableColumn } from "@/lib/tables/server-table";
import type { TableDef } from "@/lib/tables/table-def";
import { unitLabel } from "./tables";
import type { ShiftCounts } from "./test-detail";

export const SHIFT_NAME: Record<ShiftCategory, string> = {
  L: "Low (L)",
  N: "Normal (N)",
  H: "High (H)",
  M: "Missing",
};
export const SHIFT_TITLE: Record<ShiftDirection, string> = {
  low: "Lowest category after baseline",
  high: "Highest category after baseline",
};

export const shiftCaption = (testName: string, unit: string | null, direction: ShiftDirection) =>
  `Shift table of ${testName} in ${unitLabel(unit)}: ` +
  `baseline against the ${SHIFT_TITLE[direction].toLowerCase()} (subjects)`;

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** A row: a baseline category, or null for the row of totals. */
type ShiftRow = ShiftCategory | null;

export function shiftDef(counts: ShiftCounts, direction: ShiftDirection): TableDef<ShiftRow> {
  const count = (b: ShiftRow, w: ShiftCategory | null) => {
    const bs = b === null ? SHIFT_CATEGORIES : [b];
    const ws = w === null ? SHIFT_CATEGORIES : [w];
    return sum(bs.flatMap((x) => ws.map((y) => counts[x][y])));
  };
  const columns: TableColumn<ShiftRow>[] = [
    { id: "baseline", header: "Baseline", value: (b) => (b === null ? "Total" : SHIFT_NAME[b]) },
    ...SHIFT_CATEGORIES.map(
      (w): TableColumn<ShiftRow> => ({
        id: w,
        header: `${SHIFT_TITLE[direction]}: ${SHIFT_NAME[w]}`,
        type: "number",
        value: (b) => count(b, w),
      }),
    ),
    { id: "total", header: "Total", type: "number", value: (b) => count(b, null) },
  ];
  return { columns, rows: [...SHIFT_CATEGORIES, null] };
}

/** A shift table's ID among the exports: "low-0", the lowest-category table of the first unit. */
export const shiftTableArgument = (direction: ShiftDirection, index: number) => `${direction}-${index}`;

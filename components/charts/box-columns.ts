import type { DataColumn } from "@/lib/tables/types";

const WHISKER = "Tukey's whisker: the most extreme value within 1.5 × IQR (Q3 − Q1) of the box";

/**
 * The columns of a box plot's box in its data table, for every distribution chart (laboratory, vital signs): the
 * whisker ends beside the minimum and maximum (docs/clinical-rules.md, Box plots), and how many outliers lie beyond.
 */
export const BOX_COLUMNS: DataColumn[] = [
  { id: "n", header: "n", type: "number" },
  { id: "min", header: "Min", type: "number" },
  { id: "whiskerLow", header: "Lower whisker", type: "number", description: `${WHISKER}, below Q1` },
  { id: "q1", header: "Q1", type: "number" },
  { id: "median", header: "Median", type: "number" },
  { id: "q3", header: "Q3", type: "number" },
  { id: "whiskerHigh", header: "Upper whisker", type: "number", description: `${WHISKER}, above Q3` },
  { id: "max", header: "Max", type: "number" },
  {
    id: "outlierCount",
    header: "Outliers (n)",
    type: "number",
    description: "Values beyond the whiskers, drawn as circles",
  },
];

/** A box's row of the data table: its outliers as their count (the chart draws each). */
export function boxTableRow<B extends { outliers: readonly number[] }>({ outliers, ...box }: B) {
  return { ...box, outlierCount: outliers.length };
}

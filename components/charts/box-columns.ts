import type { DataColumn } from "@/lib/tables/types";

/** The columns of a box plot's box in its data table, for every distribution chart (laboratory, vital signs). */
export const BOX_COLUMNS: DataColumn[] = [
  { id: "n", header: "n", type: "number" },
  { id: "min", header: "Min", type: "number" },
  { id: "q1", header: "Q1", type: "number" },
  { id: "median", header: "Median", type: "number" },
  { id: "q3", header: "Q3", type: "number" },
  { id: "max", header: "Max", type: "number" },
];

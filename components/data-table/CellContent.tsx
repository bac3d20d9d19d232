import Link from "next/link";
import type { DataColumn, DataRow } from "@/lib/tables/types";

/** A cell's value, as a link to the records behind it when the column names one and the row has an address. */
export function CellContent({ row, column }: { row: DataRow; column: DataColumn }) {
  const value = row[column.id] ?? "";
  const href = column.href ? row[column.href] : null;
  if (typeof href === "string" && href !== "") return <Link href={href}>{value === "" ? "(open)" : value}</Link>;
  return <>{value}</>;
}

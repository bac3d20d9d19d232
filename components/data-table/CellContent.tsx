"use client";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import type { DataColumn, DataRow } from "@/lib/tables/types";

/** A cell's value, as a link to the records behind it when the column names one and the row has an address. */
export function CellContent({ row, column }: { row: DataRow; column: DataColumn }) {
  const value = row[column.id] ?? "";
  const href = column.href ? row[column.href] : null;
  if (typeof href !== "string" || href === "") return <>{value}</>;
  const text = value === "" ? "(open)" : value;
  return column.carryQuery ? <QueryLink href={href}>{text}</QueryLink> : <Link href={href}>{text}</Link>;
}

/** A link that carries the current query string; the table writes its view there (use-url-state.ts). */
function QueryLink({ href, children }: { href: string; children: string | number }) {
  const query = useSearchParams().toString();
  const to = query === "" ? href : `${href}${href.includes("?") ? "&" : "?"}${query}`;
  return <Link href={to}>{children}</Link>;
}

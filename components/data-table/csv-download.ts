"use client";
import { type CsvCell, toCsv } from "@/lib/export/csv";

/** Saves CSV text as a file through a temporary object URL. */
export function downloadCsv(fileName: string, header: readonly string[], rows: readonly (readonly CsvCell[])[]): void {
  const blob = new Blob([toCsv(header, rows)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked on the next tick: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Helpers of the export tests: a table from plain arrays, and a stream that keeps what is written to it. */
import { PassThrough } from "node:stream";
import type { DataCell } from "@/lib/tables/types";
import type { ExportColumn, ExportTable } from "./export-table";

export function tableOf(columns: ExportColumn[], rows: DataCell[][], over: Partial<ExportTable> = {}): ExportTable {
  return {
    title: "Test table",
    fileLabel: "test",
    columns,
    count: rows.length,
    rows: () => rows.map((r) => [...r]),
    filters: [],
    asOf: Date.UTC(2026, 10, 23, 8, 30),
    ...over,
  };
}

/** A writable that collects the bytes; `bytes()` once the writer has ended it. */
export function collector() {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on("data", (c: Buffer) => chunks.push(c));
  return { stream, bytes: () => Buffer.concat(chunks) };
}

export const noProgress = { signal: new AbortController().signal, progress: () => undefined };

/** What the rendering thread and the CSV thread (./csv-thread.ts, ./csv-thread-worker.ts) tell each other. */
import type { DataCell } from "@/lib/tables/types";

/** A batch of rows to format, by its number. */
export interface ToCsvThread {
  id: number;
  rows: (readonly DataCell[])[];
}

/** A batch's text, or why it could not be formatted (csv-stringify's error code, never row content). */
export type FromCsvThread = { id: number; text: string } | { id: number; failure: string };

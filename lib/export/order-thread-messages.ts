/** What the rendering thread and the order thread (./order-thread.ts, ./order-thread-worker.ts) tell each other. */
import type { DataCell } from "@/lib/tables/types";
import type { SortKey } from "./order-sort";

/** A part of one sort's passing rows (`id` names the sort), in order: their indexes and sort cells. */
export interface OrderPart {
  kind: "part";
  id: number;
  indexes: Uint32Array;
  cells: DataCell[][];
}

/** Every part is sent: sort them by `keys` and answer the order. */
export interface OrderSort {
  kind: "sort";
  id: number;
  keys: SortKey[];
}

/** The sort is given up (a cancel): its parts are forgotten. No answer. */
export interface OrderDrop {
  kind: "drop";
  id: number;
}

export type ToOrderThread = OrderPart | OrderSort | OrderDrop;

/** The rows' indexes in order, or why not (never row content). */
export type FromOrderThread = { id: number; order: Uint32Array } | { id: number; failure: string };

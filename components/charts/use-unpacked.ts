"use client";
import { useMemo } from "react";
import { type Packed, unpack } from "@/lib/packed-json";

/** A prop the server packed (lib/packed-json.ts), read once per payload: the props stay the same across renders. */
export function useUnpacked<T>(packed: Packed<T>): T {
  return useMemo(() => unpack(packed), [packed]);
}

"use client";
import { useMemo } from "react";
import { type Packed, unpack } from "@/lib/payload/packed-json";

/**
 * A prop the server packed (lib/payload/packed-json.ts), read once per payload: the props stay the same across renders.
 *
 */
export function useUnpacked<T>(packed: Packed<T>): T {
  return useMemo(() => unpack(packed), [packed]);
}

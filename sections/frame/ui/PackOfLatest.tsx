"use client";
/**
 * Under the export pack on a page that reads a past snapshot (the study filter's `snapshot`): the pack is made of
 * the latest data, not of that snapshot, and says so rather than let a reader take one for the other.
 */
import { useSearchParams } from "next/navigation";
import { parseStudyFilter } from "../study-filter";

export function PackOfLatest() {
  const { snapshot } = parseStudyFilter(useSearchParams());
  if (snapshot === undefined) return null;
  return <p role="note">The pack holds the latest data, not the past snapshot this page shows.</p>;
}

import type { MedicationQuery } from "@/sections/medications/load";

export const LISTING_ANCHOR = "medication-listing";

/** The section's address for a filter of the listing (one drug, open-ended only); its table state starts afresh. */
export function medicationHref(base: string, f: MedicationQuery): string {
  const q = new URLSearchParams();
  if (f.drug !== undefined) q.set("drug", f.drug);
  if (f.ongoing) q.set("ongoing", "1");
  const query = q.toString();
  return `${base}${query ? `?${query}` : ""}#${LISTING_ANCHOR}`;
}

/**
 * The medications section's URL contract: its query (one drug, open-ended records only), the addresses its counts
 * and data notes open, where its listing is on the page, and the URL prefixes of its tables' state.
 *
 *   drug=<drug>   ongoing=1
 *   listing   med_sort, med_f_<column>, med_q, med_page, med_size (lib/tables/url-state.ts)
 *   per drug  drug_sort, drug_f_<column>, drug_q, drug_page, drug_size
 */

import type { ParamSource } from "@/lib/tables/url-state";

export interface MedicationQuery {
  drug?: string;
  ongoing: boolean;
}

const MAX_PARAM = 200;

export function parseMedicationQuery(searchParams: ParamSource): MedicationQuery {
  const drug = searchParams.get("drug");
  return {
    drug: drug !== null && drug !== "" && drug.length <= MAX_PARAM ? drug : undefined,
    ongoing: searchParams.get("ongoing") === "1",
  };
}

/** Where the listing is on the section's page. */
export const LISTING_ANCHOR = "medication-listing";
/** The URL prefix of the listing's table state. */
export const LISTING_PREFIX = "med_";
/** The URL prefix of the table of subjects per drug. */
export const DRUG_PREFIX = "drug_";

/** The section's address for a filter of the listing (one drug, open-ended only); its table state starts afresh. */
export function medicationHref(base: string, query: MedicationQuery): string {
  const searchParams = new URLSearchParams();
  if (query.drug !== undefined) searchParams.set("drug", query.drug);
  if (query.ongoing) searchParams.set("ongoing", "1");
  const search = searchParams.toString();
  return `${base}${search ? `?${search}` : ""}#${LISTING_ANCHOR}`;
}

/** The listing with one column's filter, every drug and record. */
export const listingColumnHref = (base: string, columnId: string, filter: string) =>
  `${base}?${new URLSearchParams({ [`${LISTING_PREFIX}f_${columnId}`]: filter })}#${LISTING_ANCHOR}`;

/**
 * The medications section's URL contract: its query (one drug, open-ended records only, the study drug's records or
 * the concomitant medications only), the addresses its counts and data notes open, where its tables are on the
 * page, and the URL prefixes of their state.
 *
 *   drug=<drug>   ongoing=1   kind=concomitant|study-drug
 *   listing       med_sort, med_f_<column>, med_q, med_page, med_size (lib/tables/url-state.ts)
 *   per drug      drug_sort, drug_f_<column>, drug_q, drug_page, drug_size
 *   exposure      expsum_... (the study's counts), exp_sort, exp_f_<column>, ... (each subject's)
 */

import { exactFilter } from "@/lib/tables/filters";
import type { ParamSource } from "@/lib/tables/url-state";
import { MEDICATION_LISTING } from "@/sections/frame/addresses";

/** The two kinds of medication record (docs/clinical-rules.md, Which records are the study drug). */
export const MEDICATION_KINDS = ["concomitant", "study-drug"] as const;
export type MedicationKind = (typeof MEDICATION_KINDS)[number];

export interface MedicationQuery {
  drug?: string;
  ongoing: boolean;
  /** One kind of record only; undefined: every record. */
  kind?: MedicationKind;
}

const MAX_PARAM = 200;

export function parseMedicationQuery(searchParams: ParamSource): MedicationQuery {
  const drug = searchParams.get("drug");
  const kind = searchParams.get("kind");
  return {
    drug: drug !== null && drug !== "" && drug.length <= MAX_PARAM ? drug : undefined,
    ongoing: searchParams.get("ongoing") === "1",
    kind: (MEDICATION_KINDS as readonly (string | null)[]).includes(kind) ? (kind as MedicationKind) : undefined,
  };
}

/** Where the listing is on the section's page, and the URL prefix of its table state. */
export const LISTING_ANCHOR = MEDICATION_LISTING.anchor;
export const LISTING_PREFIX = MEDICATION_LISTING.prefix;
/** The URL prefix of the table of subjects per drug. */
export const DRUG_PREFIX = "drug_";
/** Where the study drug's exposure per subject is on the page, and the URL prefix of its table's state. */
export const EXPOSURE_ANCHOR = "exposure-subjects";
export const EXPOSURE_PREFIX = "exp_";
/** The URL prefix of the study's exposure counts' table. */
export const EXPOSURE_SUMMARY_PREFIX = "expsum_";

/** The section's address for a filter of the listing (drug, open-ended only, kind); its table state starts afresh. */
export function medicationHref(base: string, query: MedicationQuery, more: Record<string, string> = {}): string {
  const searchParams = new URLSearchParams();
  if (query.drug !== undefined) searchParams.set("drug", query.drug);
  if (query.ongoing) searchParams.set("ongoing", "1");
  if (query.kind !== undefined) searchParams.set("kind", query.kind);
  for (const [k, v] of Object.entries(more)) searchParams.set(k, v);
  const search = searchParams.toString();
  return `${base}${search ? `?${search}` : ""}#${LISTING_ANCHOR}`;
}

/** The listing with one column's filter, every drug and record (or the records of one kind). */
export const listingColumnHref = (base: string, columnId: string, filter: string, kind?: MedicationKind) =>
  medicationHref(base, { ongoing: false, kind }, { [`${LISTING_PREFIX}f_${columnId}`]: filter });

/** The study drug's records of one subject in the listing. */
export const subjectStudyDrugHref = (base: string, subjectId: string) =>
  listingColumnHref(base, "subject", exactFilter(subjectId), "study-drug");

/** The exposure per subject, with one column's filter. */
export const exposureSubjectsHref = (base: string, columnId: string, filter: string) =>
  `${base}?${new URLSearchParams({ [`${EXPOSURE_PREFIX}f_${columnId}`]: filter })}#${EXPOSURE_ANCHOR}`;

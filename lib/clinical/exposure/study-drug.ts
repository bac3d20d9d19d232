/**
 * Which medication records are the study drug (docs/clinical-rules.md,
 * Study drug and exposure). The partner data has no flag for it: the source
 * type of a MedicationStatement (`note`) says how a drug was given
 * (`Prescription`, `Patient reported`, `Administered in clinic`), not whether
 * it is the study drug. So a record is the study drug when its drug names a
 * product the study's adverse events hold suspect
 * (`suspectEntity[].causality[].productRelatedness`, the investigational
 * agent), or when its source type itself says study drug.
 */
import type { AdverseEventRow } from "../adverse-events/rows";
import type { MedicationRow } from "../medications/rows";

/** A product name shorter than this is too vague to find in drug names. */
const MIN_PRODUCT_LENGTH = 3;
const STUDY_DRUG_SOURCE = /\b(study (drug|medication|treatment)|investigational)\b/i;

/** The suspect products the study's adverse events name (its investigational agents), lower-cased, distinct. */
export function investigationalProducts(adverseEvents: readonly AdverseEventRow[]): string[] {
  const products = new Set<string>();
  for (const ae of adverseEvents) {
    const p = ae.suspectProduct?.trim().toLowerCase();
    if (p && p.length >= MIN_PRODUCT_LENGTH) products.add(p);
  }
  return [...products].sort();
}

/** Whether a medication is the study drug: its drug names an investigational product, or its source says so. */
export function isStudyMedication(m: Pick<MedicationRow, "drug" | "sourceType">, products: readonly string[]) {
  const drug = m.drug.toLowerCase();
  return products.some((p) => drug.includes(p)) || (m.sourceType !== null && STUDY_DRUG_SOURCE.test(m.sourceType));
}

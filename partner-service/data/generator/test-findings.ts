/** What the generator's data checks find (test-data-checks.ts): a rule broken, and by which record. */
export type Rule =
  | "conclusion"
  | "sum"
  | "changes"
  | "baseline-selection"
  | "lesion-appears"
  | "target-stops"
  | "interval"
  | "after-progression"
  | "ae-end-before-start"
  | "ae-without-grade"
  | "lab-without-unit"
  | "vital-without-unit";

export interface Finding {
  rule: Rule;
  /** assessment_id, lab_results.id, vital_signs.id or ae_key. */
  key: string;
}

/**
 * The issue-10 data checks, written once more for the generator's tests (not a
 * test file itself): from the served rows only, as the portal sees them, each
 * rule lists the records that break it. The default demo must break exactly
 * where dataset_info says it does, and data generated without imperfections
 * nowhere. RECIST arithmetic comes from the generator's own statement of the
 * rules (recist-rules.ts); nothing here is imported by the portal.
 */

import type { Finding, Rule } from "./test-findings";
import { all, type Db, imperfections } from "./test-fixture";
import { responseFindings } from "./test-response-checks";

export { LONGEST_USUAL_INTERVAL_DAYS } from "./test-response-checks";
export type { Finding, Rule };

const keys = (db: Db, rule: Rule, sql: string): Finding[] =>
  all<{ key: string }>(db, sql).map(({ key }) => ({ rule, key }));

/** Every finding of the data set, response rules first, then adverse events, laboratory and vital signs. */
export function dataFindings(db: Db): Finding[] {
  return [
    ...responseFindings(db),
    ...keys(
      db,
      "ae-end-before-start",
      "SELECT ae_key AS key FROM adverse_events WHERE end_date < substr(start_at, 1, 10)",
    ),
    ...keys(db, "ae-without-grade", "SELECT ae_key AS key FROM adverse_events WHERE grade IS NULL"),
    ...keys(db, "lab-without-unit", "SELECT id AS key FROM lab_results WHERE value IS NOT NULL AND unit IS NULL"),
    ...keys(db, "vital-without-unit", "SELECT id AS key FROM vital_signs WHERE value IS NOT NULL AND unit IS NULL"),
  ];
}

/** What each recorded imperfection must make the checks find, by kind (imperfections.ts). */
export const RULES_OF_KIND: Readonly<Record<string, readonly Rule[]>> = {
  assessment_conclusion_mismatch: ["conclusion"],
  // The changes are computed from the wrong sum, so they are wrong by as much.
  assessment_sum_mismatch: ["sum", "changes"],
  assessment_missed_follow_up: ["interval"],
  lab_missing_unit: ["lab-without-unit"],
  ae_end_before_start: ["ae-end-before-start"],
  ae_missing_grade: ["ae-without-grade"],
};

/** The findings as sorted "rule key" lines. */
export const findingLines = (db: Db): string[] =>
  dataFindings(db)
    .map((f) => `${f.rule} ${f.key}`)
    .sort();

/** The findings the recorded imperfections must give, as sorted "rule key" lines. */
export const plantedLines = (db: Db): string[] =>
  imperfections(db)
    .flatMap((i) => i.records.flatMap((r) => RULES_OF_KIND[i.kind].map((rule) => `${rule} ${r.key}`)))
    .sort();

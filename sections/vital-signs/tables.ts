/**
 * The vital-signs section's tables as the page shows them and their exports write them: the chosen group's
 * summary by visit (./summary-table.ts), its distribution chart's boxes (./distribution-table.ts), and the listing of
 * its records with the exact filters a summary's count chose, in words (./listing-table.ts). A summary counts
 * subjects, one reading each per visit (lib/clinical/vital-signs/readings.ts); every count opens the listing filtered
 * to the group and visit (and to the text, the flag, or the records with a range it counts), and to the readings
 * counted where the group has records its summary leaves out; the listing says of each record whether it is
 * counted. Numbers are rounded for display (lib/clinical/vital-signs/stats.ts, roundSummary); the chart plots the
 * same ones. This module holds the section's table IDs and what its tables share. Plain modules: the distribution
 * chart (a client component) reads them too.
 */

import type { VitalGroupSummary } from "@/lib/clinical/vital-signs/study";
import { exportKeys } from "@/sections/frame/export-keys";

export const NO_VISIT = "(no visit)";
export const NO_RESULT = "(no result)";

/** The counts' links open the readings counted only where the group has records its summary leaves out. */
export const countedOnly = (g: VitalGroupSummary) => (g.leftOut.size > 0 ? true : undefined);

/** The section's exportable tables. */
export const VITAL_TABLES = exportKeys("vital-signs", ["summary", "distribution", "listing", "issue", "visit"]);

/**
 * The laboratory section's tables as the page shows them and their exports write them: the test overview
 * (./overview-table.ts; docs/clinical-rules.md, Laboratory test overview), a unit's distribution chart and its data
 * table (./distribution-table.ts), its shift tables (./shift-table.ts; docs/clinical-rules.md, Shift tables), and the
 * words of a test's results listing (./listing-caption.ts). The listing's own columns are the frame's
 * (sections/frame/measurement-columns.ts). This module holds the section's table IDs and how the section writes its
 * values. Plain modules, without server-only imports: the distribution chart (a client component) reads their types.
 */

import { unitOrNone } from "@/lib/clinical/common/units";
import { exportKeys } from "@/sections/frame/export-keys";

/** The section's exportable tables: a unit's chart is "distribution.<index>", its shift table "shift.low-<index>". */
export const LAB_TABLES = exportKeys("laboratory", [
  "distribution",
  "shift",
  "overview",
  "results",
  "issue",
  "visit",
  "all-results",
]);

// How the section writes its values.

/** At most four decimals: interpolated quartiles carry binary noise (4.15000000001). */
export const round4 = (x: number | null) => (x === null ? null : Math.round(x * 1e4) / 1e4);

/** A unit as the section shows it: 10⁹/L for the partner's 10^9/L, "(no unit)" (docs/clinical-rules.md, Units). */
export const unitLabel = unitOrNone;
export const visitLabel = (visit: string | null) => visit ?? "(no visit)";

/** Range texts as sent, joined, with how many more there are. */
export const rangeList = (ranges: string[], more: number) =>
  [...ranges, ...(more ? [`and ${more} more`] : [])].join("; ");

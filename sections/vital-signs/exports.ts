/**
 * The vital-signs section's exports: the chosen group's summary by visit, its distribution chart's boxes, the
 * listing of its records (with the summary's exact filters), the records a data note counts, and every item's records
 * at one visit.
 */

import { vitalGroupLabel } from "@/lib/clinical/vital-signs/groups";
import { plainTableExport, tableExport } from "@/lib/export/table-export";
import type { UserStudy } from "@/lib/study/open-user-study";
import { sourcesOf } from "@/sections/frame/export-source";
import { issueCaption } from "@/sections/frame/issue-caption";
import { measurementDef } from "@/sections/frame/measurement-columns";
import { reviewedTable } from "@/sections/frame/reviewed-table";
import { vitalDistribution } from "./distribution-table";
import {
  issueListingOf,
  listingNarrowing,
  visitListingCaption,
  vitalListingCaption,
  vitalListingDef,
} from "./listing-table";
import { loadVitalSigns } from "./load";
import { parseVitalQuery } from "./query";
import { vitalSummaryTable } from "./summary-table";
import { VITAL_TABLES } from "./tables";

const load = (access: UserStudy, searchParams: URLSearchParams) =>
  loadVitalSigns(access, parseVitalQuery(searchParams));

export const VITAL_SIGN_SOURCES = sourcesOf(VITAL_TABLES, {
  summary: async (access, { params: searchParams }) => {
    const view = await load(access, searchParams);
    if (!view.chosen) return undefined;
    return plainTableExport(vitalSummaryTable(view.chosen, ""), searchParams, {
      fileLabel: `vital-signs-${vitalGroupLabel(view.chosen)}-summary`,
      asOf: view.asOf,
    });
  },
  distribution: async (access, { params: searchParams }) => {
    const view = await load(access, searchParams);
    if (view.chosen?.kind !== "number") return undefined;
    return plainTableExport(vitalDistribution(view.chosen, ""), searchParams, {
      fileLabel: `vital-signs-${vitalGroupLabel(view.chosen)}-distribution`,
      asOf: view.asOf,
    });
  },
  listing: async (access, { params: searchParams }) => {
    const view = await load(access, searchParams);
    if (!view.chosen) return undefined;
    const label = vitalGroupLabel(view.chosen);
    return tableExport(await reviewedTable(vitalListingDef(view, view.chosen, ""), access), searchParams, {
      title: vitalListingCaption(label, access.study),
      fileLabel: `vital-signs-${label}`,
      filters: listingNarrowing(view.filter).map((words) => `Only the records ${words}`),
      asOf: view.asOf,
    });
  },
  issue: async (access, { params: searchParams }) => {
    const view = await load(access, searchParams);
    if (!view.issue) return undefined;
    return tableExport(await reviewedTable(measurementDef(view.issue.rows, "", "Item"), access), searchParams, {
      title: issueCaption(view.issue.issue, issueListingOf(access.study)),
      fileLabel: `vital-signs-${view.issue.issue}`,
      asOf: view.asOf,
    });
  },
  visit: async (access, { params: searchParams }) => {
    const view = await load(access, searchParams);
    if (!view.visit) return undefined;
    return tableExport(await reviewedTable(measurementDef(view.visit.rows, "", "Item"), access), searchParams, {
      title: visitListingCaption(access.study, view.visit.visit),
      fileLabel: `vital-signs-visit-${view.visit.visit ?? "none"}`,
      asOf: view.asOf,
    });
  },
});

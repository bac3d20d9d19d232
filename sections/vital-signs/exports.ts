/**
 * The vital-signs section's exports: the chosen group's summary by visit, its distribution chart's boxes, the
 * listing of its records (with the summary's exact filters), and the records a data note counts.
 */

import { vitalGroupLabel } from "@/lib/clinical/vital-signs/groups";
import { plainTableExport, tableExport } from "@/lib/export/table-export";
import type { UserStudy } from "@/lib/study/open-user-study";
import type { Sources } from "@/sections/frame/export-source";
import { issueCaption } from "@/sections/frame/issue-caption";
import { measurementDef } from "@/sections/frame/measurement-columns";
import { loadVitalSigns } from "@/sections/vital-signs/load";
import { parseVitalQuery } from "@/sections/vital-signs/query";
import { listingNarrowing, vitalDistribution, vitalListingDef, vitalSummaryTable } from "./tables";

const load = (access: UserStudy, params: URLSearchParams) => loadVitalSigns(access, parseVitalQuery(params));

export const VITAL_SIGN_SOURCES: Sources = {
  "vital-signs:summary": async (access, { params }) => {
    const view = await load(access, params);
    if (!view.chosen) return undefined;
    return plainTableExport(vitalSummaryTable(view.chosen, ""), params, {
      fileLabel: `vital-signs-${vitalGroupLabel(view.chosen)}-summary`,
      asOf: view.asOf,
    });
  },
  "vital-signs:distribution": async (access, { params }) => {
    const view = await load(access, params);
    if (view.chosen?.kind !== "number") return undefined;
    return plainTableExport(vitalDistribution(view.chosen, ""), params, {
      fileLabel: `vital-signs-${vitalGroupLabel(view.chosen)}-distribution`,
      asOf: view.asOf,
    });
  },
  "vital-signs:listing": async (access, { params }) => {
    const view = await load(access, params);
    if (!view.chosen) return undefined;
    const label = vitalGroupLabel(view.chosen);
    return tableExport(vitalListingDef(view, view.chosen, ""), params, {
      title: `${label} records of study ${access.study}`,
      fileLabel: `vital-signs-${label}`,
      filters: listingNarrowing(view.filter).map((words) => `Only the records ${words}`),
      asOf: view.asOf,
    });
  },
  "vital-signs:issue": async (access, { params }) => {
    const view = await load(access, params);
    if (!view.issue) return undefined;
    return tableExport(measurementDef(view.issue.rows, "", "Item"), params, {
      title: issueCaption(view.issue.issue, `vital signs of study ${access.study}, every item`),
      fileLabel: `vital-signs-${view.issue.issue}`,
      asOf: view.asOf,
    });
  },
};

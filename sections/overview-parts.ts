/**
 * What the study overview takes from other sections (sections/overview/load.ts, OverviewParts): the liver safety
 * plot as the Liver safety page draws it by default, whose Hy's law quadrant now and at the last review tells the
 * new Hy's law subjects; and the data-check findings new since the last review, as the Data checks page tells
 * them. A section imports no other; this file, beside the registry, brings them together, and the overview's page
 * and its exports are made with them.
 */
import { newFindings } from "@/sections/data-checks/finding-review";
import { loadLiver } from "@/sections/laboratory/load-liver";
import { overviewSources } from "@/sections/overview/exports";
import { overviewSection } from "@/sections/overview/section";
import type { OverviewParts } from "@/sections/overview/since";

export const OVERVIEW_PARTS: OverviewParts = {
  edish: async (study) => (await loadLiver(study, {})).plot,
  findings: newFindings,
};

/** The overview's page, its new safety signals complete. */
export const OVERVIEW = overviewSection(OVERVIEW_PARTS);

/** The overview's export sources, made with the same parts as its page. */
export const OVERVIEW_SOURCES = overviewSources(OVERVIEW_PARTS);

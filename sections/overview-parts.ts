/**
 * What the study overview takes from other sections (sections/overview/load.ts, OverviewParts): the liver safety
 * plot as the Liver safety page draws it by default, whose Hy's law quadrant now and at the last review tells the
 * new Hy's law subjects; and the data-check findings new since the last review, as the Data checks page tells
 * them. For the reviewer's queue, the vital-sign group a Vital signs page lists. A section imports no other; this
 * file, beside the registry, brings them together, and the overview's page, its exports and the queue's route are
 * made with them.
 */
import { newFindings } from "@/sections/data-checks/finding-review";
import { loadLiver } from "@/sections/laboratory/load-liver";
import { overviewSources } from "@/sections/overview/exports";
import type { QueueParts } from "@/sections/overview/queue-route";
import { overviewSection } from "@/sections/overview/section";
import type { OverviewParts } from "@/sections/overview/since";
import { listedVitalGroup } from "@/sections/vital-signs/load";

export const OVERVIEW_PARTS: OverviewParts = {
  edish: async (study) => (await loadLiver(study, {})).plot,
  findings: newFindings,
};

/** The overview's page, its new safety signals complete. */
export const OVERVIEW = overviewSection(OVERVIEW_PARTS);

/** The overview's export sources, made with the same parts as its page. */
export const OVERVIEW_SOURCES = overviewSources(OVERVIEW_PARTS);

/** What the reviewer's queue takes from other sections: the vital-sign group a page's listing shows. */
export const QUEUE_PARTS: QueueParts = { listedVitalGroup };

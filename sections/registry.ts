/**
 * The study's sections, one line per section folder, in the order of the study's navigation: the one list the
 * navigation (each entry's slug and title), the export sources (./exports.ts) and the registry's tests follow.
 * A new section is its folder, its line here and its page (docs/architecture.md, Sections).
 */

import type { SectionData } from "@/lib/study/section-data";
import { ADVERSE_EVENT_SOURCES } from "./adverse-events/exports";
import { ADVERSE_EVENTS } from "./adverse-events/section";
import { CHANGES_SOURCES } from "./changes/exports";
import { CHANGES } from "./changes/section";
import { DATA_CHECK_SOURCES } from "./data-checks/exports";
import { DATA_CHECKS } from "./data-checks/section";
import type { SectionSlug } from "./frame/addresses";
import type { Sources } from "./frame/export-source";
import type { Section } from "./frame/section";
import { LABORATORY_SOURCES } from "./laboratory/exports";
import { LIVER_SOURCES } from "./laboratory/liver-exports";
import { LABORATORY } from "./laboratory/section";
import { MEDICATION_SOURCES } from "./medications/exports";
import { MEDICATIONS } from "./medications/section";
import { OVERVIEW, OVERVIEW_SOURCES } from "./overview-parts";
import { SAVED_VIEW_SOURCES } from "./saved-views/exports";
import { SAVED_VIEWS } from "./saved-views/section";
import { SUBJECT_PROFILE_PAGE_SOURCES } from "./subject-profile-parts";
import { SUBJECT_SOURCES } from "./subjects/exports";
import { SUBJECTS } from "./subjects/section";
import { TUMOUR_RESPONSE_SOURCES } from "./tumour-response/exports";
import { TUMOUR_RESPONSE } from "./tumour-response/section";
import { VITAL_SIGN_SOURCES } from "./vital-signs/exports";
import { VITAL_SIGNS } from "./vital-signs/section";

export interface RegisteredSection {
  /** The section's folder below sections/. */
  folder: string;
  /** Its entry in the study's navigation: the page at the entry's own address. None: reached from other pages. */
  entry?: Pick<Section<never, SectionData>, "slug" | "title">;
  /** Its tables' export sources, by "<page>:<table>". */
  exports: Sources;
}

export const SECTIONS: readonly RegisteredSection[] = [
  { folder: "overview", entry: OVERVIEW, exports: OVERVIEW_SOURCES },
  { folder: "subjects", entry: SUBJECTS, exports: SUBJECT_SOURCES },
  { folder: "subject-profile", exports: SUBJECT_PROFILE_PAGE_SOURCES },
  { folder: "adverse-events", entry: ADVERSE_EVENTS, exports: ADVERSE_EVENT_SOURCES },
  { folder: "laboratory", entry: LABORATORY, exports: { ...LABORATORY_SOURCES, ...LIVER_SOURCES } },
  { folder: "vital-signs", entry: VITAL_SIGNS, exports: VITAL_SIGN_SOURCES },
  { folder: "medications", entry: MEDICATIONS, exports: MEDICATION_SOURCES },
  { folder: "tumour-response", entry: TUMOUR_RESPONSE, exports: TUMOUR_RESPONSE_SOURCES },
  { folder: "data-checks", entry: DATA_CHECKS, exports: DATA_CHECK_SOURCES },
  { folder: "changes", entry: CHANGES, exports: CHANGES_SOURCES },
  { folder: "saved-views", entry: SAVED_VIEWS, exports: SAVED_VIEW_SOURCES },
  { folder: "export-pack", exports: {} },
];

/** The study's navigation, in order: the first entry is the study's own address. */
export const NAVIGATION: readonly { slug: SectionSlug; title: string }[] = SECTIONS.flatMap(({ folder, entry }) => {
  if (!entry) return [];
  // An entry's page is the section's own: its title is a word of the navigation, not one of a page below it.
  if (typeof entry.title !== "string") throw new Error(`The entry of section ${folder} has no fixed title.`);
  return [{ slug: entry.slug, title: entry.title }];
});

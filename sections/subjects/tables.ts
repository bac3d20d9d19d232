/**
 * The subject list's table as its page shows it and its export writes it: its columns and URL state are one
 * definition with the profile's ordering of the list (lib/study/subject-list-columns.ts); here its export key and
 * its titles.
 */

import { exportKeys } from "@/sections/frame/export-keys";

/** The section's exportable tables. */
export const SUBJECT_LIST_TABLES = exportKeys("subjects", ["list"]);

/** The export's title: the study's subjects. */
export const subjectListTitle = (study: string) => `Subjects of study ${study}`;

/** The page's caption: the title and how many rows. */
export const subjectListCaption = (study: string, rows: number) => `${subjectListTitle(study)} (${rows})`;

/**
 * The subject list's URL contract. The list is the study's whole list: its loader takes no query. Its table's state
 * has no prefix (sort, q, f_<column>, page, size: lib/study/subject-list-columns.ts), and a subject's profile
 * carries it, for its way back and its previous and next subject. Each row leads to its subject's profile, its
 * adverse events in the Adverse events section's listing (`subject=`), and its assessments in its profile.
 */

import { AE_LISTING, SUBJECT_ASSESSMENTS_ANCHOR, sectionHref, subjectHref } from "@/sections/frame/addresses";

/** The list's query: none of its own (its table reads its state itself). */
export type SubjectListQuery = Readonly<Record<string, never>>;

export const parseSubjectListQuery = (): SubjectListQuery => ({});

/**
 * A row's addresses, each as what goes around the row's subject ID (DataColumn.hrefAround), so that a row holds only
 * its encoded ID: the ID is the same text as a path segment and as a parameter.
 */
export function subjectLinksAround(studyHref: string) {
  return {
    profile: [subjectHref(studyHref, ""), ""],
    adverseEvents: [`${sectionHref(studyHref, "adverse-events")}?subject=`, `#${AE_LISTING.anchor}`],
    assessments: [subjectHref(studyHref, ""), `#${SUBJECT_ASSESSMENTS_ANCHOR}`],
  } as const;
}

/**
 * The sections of a study, in the order the study's navigation shows them:
 * the one registry the layout's navigation is built from. A new section (adverse
 * events, laboratory...) is a folder app/(portal)/studies/[connectionId]/[study]/<slug>/
 * with a page.tsx that renders <StudySection>, and an entry here; nothing else changes.
 * The entry with the empty slug is the study's own address, /studies/<connection>/<study>.
 * No imports: the registry is safe for any component.
 */
export interface StudySectionEntry {
  /** The section's folder below the study's address; "" is the study's own page. */
  slug: string;
  title: string;
}

export const STUDY_SECTIONS = [
  { slug: "", title: "Subjects" },
  { slug: "adverse-events", title: "Adverse events" },
  { slug: "laboratory", title: "Laboratory" },
  { slug: "vital-signs", title: "Vital signs" },
  { slug: "medications", title: "Medications" },
  { slug: "tumour-response", title: "Tumour response" },
  { slug: "data-checks", title: "Data checks" },
] as const satisfies readonly StudySectionEntry[];

export type SectionSlug = (typeof STUDY_SECTIONS)[number]["slug"];

/** Path segments below a study that are not sections (route handlers, subject profiles). */
export const RESERVED_SLUGS = ["progress", "subjects"] as const;

/** Where a subject's profile lists its response assessments: the subject list's assessment counts open it. */
export const SUBJECT_ASSESSMENTS_ANCHOR = "subject-assessments";

/** A subject's profile: below the study, not a section of the navigation. */
export const subjectHref = (studyHref: string, subjectId: string) =>
  `${studyHref}/subjects/${encodeURIComponent(subjectId)}`;

/**
 * A subject's tumour response page (every assessment recomputed beside the signed one, every lesion): below the
 * Tumour response section. Callers add the section's shared URL state (response options) as they need.
 */
export const responseSubjectHref = (studyHref: string, subjectId: string) =>
  `${studyHref}/tumour-response/subjects/${encodeURIComponent(subjectId)}`;

/** Where a subject's response page lists its assessments, and the URL prefix of that table's state. */
export const RESPONSE_ASSESSMENTS = { anchor: "response-assessments", prefix: "as_" } as const;

/** A subject's response page with its assessment table filtered to exactly one assessment (by its ID). */
export const responseAssessmentHref = (studyHref: string, subjectId: string, assessmentId: string) => {
  const filter = new URLSearchParams({ [`${RESPONSE_ASSESSMENTS.prefix}f_key`]: `=${assessmentId}` });
  return `${responseSubjectHref(studyHref, subjectId)}?${filter}#${RESPONSE_ASSESSMENTS.anchor}`;
};

/** Where the Adverse events section lists its events, and the URL prefix of that listing's state. */
export const AE_LISTING = { anchor: "ae-listing", prefix: "ev_" } as const;

/** Where the Laboratory section lists the results a data note counts (`?issue=`). */
export const LAB_ISSUES_ANCHOR = "lab-issue";

/** A section's address below the study's address. */
export const sectionHref = (studyHref: string, slug: string) => (slug ? `${studyHref}/${slug}` : studyHref);

export function sectionOf(slug: SectionSlug): StudySectionEntry {
  return STUDY_SECTIONS.find((s) => s.slug === slug)!;
}

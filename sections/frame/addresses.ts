/**
 * The study's URL map: the address segment of each section of the navigation, in its order ("" is the study's own
 * address, /studies/<connection>/<study>), the addresses of pages below them, and the anchors and table prefixes
 * that one section's links into another use. No imports: safe for any component. Each section's title and page
 * are its own (sections/<folder>/section.ts); sections/registry.ts lists them.
 */
export const SECTION_SLUGS = [
  "",
  "subjects",
  "adverse-events",
  "laboratory",
  "vital-signs",
  "medications",
  "tumour-response",
  "data-checks",
  "changes",
  "views",
] as const;

export type SectionSlug = (typeof SECTION_SLUGS)[number];

/** The saved views' section: its pages read no study filter (sections/frame/study-filter-keep.ts). */
export const VIEWS_SLUG = "views" satisfies SectionSlug;

/** Path segments below a study that are not sections (route handlers). */
export const RESERVED_SLUGS = ["progress"] as const;

/** Where a subject's profile lists its response assessments: the subject list's assessment counts open it. */
export const SUBJECT_ASSESSMENTS_ANCHOR = "subject-assessments";
/** Where a subject's profile shows a test's results over time (its `trend=`): the eDISH chart's points open it. */
export const SUBJECT_TREND_ANCHOR = "trend";
/** The profile's trend of the liver panel (`trend=liver`: ALT, AST, ALP and total bilirubin ×ULN). */
export const LIVER_PANEL_TREND = "liver";

/** A subject's profile: below the Subjects section, not an entry of the navigation. */
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

/**
 * A subject's response page with its assessment table filtered to exactly one assessment (by its ID), at that
 * assessment's row (assessmentRowId, below), marked.
 */
export const responseAssessmentHref = (studyHref: string, subjectId: string, assessmentId: string) => {
  const filter = new URLSearchParams({ [`${RESPONSE_ASSESSMENTS.prefix}f_key`]: `=${assessmentId}` });
  return `${responseSubjectHref(studyHref, subjectId)}?${filter}${rowHash(assessmentRowId(assessmentId))}`;
};

/** Where the Adverse events section lists its events, and the URL prefix of that listing's state. */
export const AE_LISTING = { anchor: "ae-listing", prefix: "ev_" } as const;

/** Where the Laboratory section lists the results a data note counts (`?issue=`). */
export const LAB_ISSUES_ANCHOR = "lab-issue";

/*
 * The element IDs of records' rows in the tables that list them (a table's rowId): a link to `#<id>` (rowHash)
 * opens the row, scrolled to and marked (components/data-table/use-row-target.ts). A data check's finding links
 * each record it names to its row.
 */
/** A response assessment's row in its subject's assessments (RESPONSE_ASSESSMENTS). */
export const assessmentRowId = (assessmentId: string) => `assessment-${assessmentId}`;
/** An adverse event's row in the study's listing of events (AE_LISTING). */
export const aeRowId = (key: string) => `ae-${key}`;
/** A result's row in the listing of the results a data note counts (LAB_ISSUES_ANCHOR). */
export const resultRowId = (resultId: string) => `result-${resultId}`;
/** The fragment that opens the element with this ID. */
export const rowHash = (id: string) => `#${encodeURIComponent(id)}`;

/** Where the Data checks section lists its findings (its `rule=` and `subject=` filter them). */
export const CHECK_FINDINGS_ANCHOR = "findings";

/** The Data checks section's findings of one subject. */
export const subjectFindingsHref = (studyHref: string, subjectId: string) =>
  `${sectionHref(studyHref, "data-checks")}?${new URLSearchParams({ subject: subjectId })}#${CHECK_FINDINGS_ANCHOR}`;

/** A section's address below the study's address. */
export const sectionHref = (studyHref: string, slug: string) => (slug ? `${studyHref}/${slug}` : studyHref);

/** Where the Changes section lists the changes, and the URL prefix of its listing's state. */
export const CHANGES_LISTING = { anchor: "changes-listing", prefix: "ch_" } as const;

/**
 * The Changes section (at `base`) comparing two study snapshots (null: its default), its listing filtered by record
 * type, kind of change and subject (nothing: every change), and its table's `state` (a review filter), at the
 * listing (sections/changes/query.ts).
 */
export function changesHref(
  base: string,
  query: { from: number | null; to: number | null },
  filter: { type?: string | null; kind?: string | null; subject?: string | null } = {},
  state: Record<string, string> = {},
): string {
  const searchParams = new URLSearchParams();
  if (query.from !== null) searchParams.set("from", String(query.from));
  if (query.to !== null) searchParams.set("to", String(query.to));
  if (filter.type) searchParams.set("type", filter.type);
  if (filter.kind) searchParams.set("kind", filter.kind);
  if (filter.subject) searchParams.set("subject", filter.subject);
  for (const [name, value] of Object.entries(state)) searchParams.set(name, value);
  const search = searchParams.toString();
  return `${base}${search ? `?${search}` : ""}#${CHANGES_LISTING.anchor}`;
}

/** Where the Medications section lists its records, and the URL prefix of the listing's state. */
export const MEDICATION_LISTING = { anchor: "medication-listing", prefix: "med_" } as const;

/** Where the Vital signs section lists the chosen group's records, and the URL prefix of the listing's state. */
export const VITAL_LISTING = { anchor: "vital-listing", prefix: "vs_" } as const;

/** A vital sign's group in the Vital signs section's address: its name, and its unit or that it is text. */
export function vitalGroupParams(group: { test: string; unit: string | null; kind: "number" | "text" }) {
  const params = new URLSearchParams({ item: group.test });
  if (group.kind === "text") params.set("text", "1");
  else params.set("unit", group.unit ?? "");
  return params;
}

/** Where the Laboratory section lists a test's results (its `test=`). */
export const LAB_RESULTS_ANCHOR = "results";

/**
 * Where the Laboratory and Vital signs sections list every test's (every item's) records at one visit: `at=<visit>`
 * (`at=`: the records without a visit), with the listing's state under RESULTS_PREFIX (./measurement-columns.ts).
 */
export const VISIT_LISTING = { param: "at", anchor: "visit-results" } as const;

/** The address of one visit's records of the laboratory or vital-signs section, with the listing's `state`. */
export function visitResultsHref(
  studyHref: string,
  recordType: "laboratory" | "vital-signs",
  visit: string | null,
  state: Record<string, string> = {},
): string {
  const params = new URLSearchParams({ [VISIT_LISTING.param]: visit ?? "", ...state });
  return `${sectionHref(studyHref, recordType)}?${params}#${VISIT_LISTING.anchor}`;
}

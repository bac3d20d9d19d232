/**
 * The names the study views give their tables, figures and statuses: the one place the suite's specs take them
 * from, so that a changed caption is fixed here.
 */
import type { Locator, Page } from "@playwright/test";

export const CAPTIONS = {
  /** The Overview's review progress of the user by record type. */
  reviewByType: (study: string) => new RegExp(`^Your review of study ${escapeRegExp(study)} by record type`),
  subjects: (study: string) => new RegExp(`^Subjects of study ${escapeRegExp(study)} \\(`),
  aeOverview: /^Overview of adverse events/,
  aeByTerm: /^Subjects by term and worst grade/,
  aeListing: /^Adverse events of study/,
  labTests: /^Laboratory tests of study/,
  liverQuadrants: /^Subjects by eDISH quadrant/,
  vitalsByVisit: /by visit \(visits in schedule order\)$/,
  drugs: /^Subjects per drug in study/,
  medicationListing: /^Medications of study/,
  bestResponse: /^Best overall response as signed and as recomputed \(N = (\d+)\)$/,
  findingsPerRule: /^Findings per rule in study/,
  findings: /^Findings of study/,
  changesPerType: /^Changes per record type in study/,
  savedViews: /^Saved views of study/,
  changesPerSubject: /^Changes per subject in study/,
  changes: /^Changes in study/,
  subjectAdverseEvents: (id: string) => new RegExp(`^Adverse events of subject ${escapeRegExp(id)} \\((\\d+)\\)$`),
  subjectAssessments: (id: string) => new RegExp(`^Response assessments of subject ${escapeRegExp(id)} \\((\\d+)\\)$`),
  responseSubjects: /^Evaluable subjects with a best overall response of /,
} as const;

/** How a table's heading gives its denominator: the subjects of the study's Group. */
export const groupSize = (n: number) => `N = ${n}`;

/** Rows of the views' tables that the suite finds by their label. */
export const ROWS = {
  /** The AE overview's line of subjects with an event of grade 3 or more. */
  aeGrade3OrMore: /grade 3 or more/,
} as const;

export const FIGURES = {
  aeTerms: /^Most frequent terms/,
  waterfall: /^Waterfall:/,
  spider: /^Spider plot:/,
  swimmer: /^Swimmer plot:/,
  edish: /^eDISH:/,
} as const;

/** The AE listing's status: "<shown> of <all> events, of <n> subjects." */
export const aeListingStatus = (page: Page): Locator => page.getByRole("status").filter({ hasText: / events, of / });

/** The numbers of the AE listing's status. */
export async function aeListingCounts(page: Page): Promise<{ shown: number; all: number; subjects: number }> {
  const text = (await aeListingStatus(page).textContent()) ?? "";
  const m = /^([\d,]+) of ([\d,]+) events, of ([\d,]+) subjects?/.exec(text.trim());
  if (!m) throw new Error(`not an AE listing status: ${text}`);
  const [shown, all, subjects] = m.slice(1).map((x) => Number(x.replace(/,/g, "")));
  return { shown, all, subjects };
}

/** The number in a table's caption "... (n)". */
export async function captionCount(table: Locator): Promise<number> {
  const caption = (await table.locator("caption").textContent()) ?? "";
  return Number(/\((\d[\d,]*)\)\s*$/.exec(caption.trim())?.[1].replace(/,/g, "") ?? Number.NaN);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

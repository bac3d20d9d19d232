/**
 * The adverse-event listing's flags and filters (docs/clinical-rules.md, The listing and its filters): what a count
 * of the tables or a data note opens, as values the page's address carries. Apart from the rows (./listing.ts), so
 * that the page's client code reads them without the term-to-SOC mapping the rows need.
 */
import type { Grade, Relatedness } from "./rows";
import type { SubgroupKind } from "./study";

export const FLAG_END_BEFORE_START = "End before start";
export const FLAG_NO_GRADE = "No grade";
/** The subject has graded and ungraded events of this term (counted at the highest known grade, † in the table). */
export const FLAG_MIXED_GRADES = "Graded and ungraded";
export const FLAG_NO_START = "No start date";
export const FLAG_NOT_IN_GROUP = "Not in the Group";
export const FLAG_UNREADABLE_END = "Unreadable end date";
/** Not a flag of the row's flags but of its TEAE status ("no-first-dose"): the data note's filter. */
export const NO_FIRST_DOSE = "No first dose known";

export type GradeFilter = Grade | "ge3" | "missing";
/** The flags a data note counts, as a filter's value. */
export const FLAG_FILTERS = {
  "end-before-start": FLAG_END_BEFORE_START,
  "no-start": FLAG_NO_START,
  "mixed-grades": FLAG_MIXED_GRADES,
  "unreadable-end": FLAG_UNREADABLE_END,
  "no-first-dose": NO_FIRST_DOSE,
} as const;
export type FlagFilter = keyof typeof FLAG_FILTERS;
/** The CTCAE version filter's value for the events sent without a version. */
export const NO_CTCAE_VERSION = "none";
export type WorstFilter = Grade | "missing";

export interface AeListingFilter {
  /** `group`: events of the Group's members only (the tables' events); `outside`: the others. */
  scope: "all" | "group" | "outside";
  /** Exactly this subject (Patient.id): the events a subject list's count stands for. */
  subject: string | null;
  /** Exactly this term. */
  term: string | null;
  /** Exactly this system organ class (or "Unmapped"). */
  soc: string | null;
  /** Treatment-emergent events only (the page's choice; it applies before every other filter but the scope). */
  teae: boolean;
  /** Which causality values the related filter takes (the page's choice). */
  relatedness: Relatedness;
  /** Subjects whose worst grade among the events chosen so far is this (`missing`: none of them graded). */
  worst: WorstFilter | null;
  /** Events of this grade, of grade 3 or more, or without a grade. */
  grade: GradeFilter | null;
  related: boolean;
  ongoing: boolean;
  /** Events carrying this flag (what a data note counts). */
  flag: FlagFilter | null;
  /** Events graded with this CTCAE version as sent (NO_CTCAE_VERSION: without one), as the data notes count them. */
  ctcae: string | null;
  /** Members whose subgroup has this value. */
  subgroup: Partial<Record<SubgroupKind, string>>;
}

export const NO_LISTING_FILTER: AeListingFilter = {
  scope: "all",
  subject: null,
  term: null,
  soc: null,
  teae: false,
  relatedness: "assessed",
  worst: null,
  grade: null,
  related: false,
  ongoing: false,
  flag: null,
  ctcae: null,
  subgroup: {},
};

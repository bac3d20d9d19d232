/**
 * What a data check finds (docs/clinical-rules.md, Data checks): the rule, the subject, the records that break it
 * and the values that disagree, in words. Each rule is stated once here, with its thresholds, so that the page,
 * its CSV and the documentation say the same thing.
 */

export const RULE_IDS = [
  "conclusion",
  "target-sum",
  "changes",
  "baseline-selection",
  "lesion-appears",
  "target-stops",
  "interval",
  "after-progression",
  "ae-end-before-start",
  "ae-no-grade",
  "lab-no-unit",
] as const;
export type RuleId = (typeof RULE_IDS)[number];

/** Which records a rule reads: the RECIST rules need response assessments, which some studies do not have. */
export type RuleFamily = "response" | "adverse-events" | "laboratory";

export interface Rule {
  id: RuleId;
  family: RuleFamily;
  /** A short name for tables and filters. */
  title: string;
  /** The rule in full, with its thresholds. */
  text: string;
}

/** How much a reported value may differ from the recomputed one (both in mm; reports are rounded to 0.1 mm). */
export const MM_TOLERANCE = 0.1;
/** Interval rule: longer than this many times the usual interval ... */
export const INTERVAL_FACTOR = 1.5;
/** ... and more than this many days over it. */
export const INTERVAL_MARGIN_DAYS = 30;
/** The usual interval at a step is the median of that step when at least this many subjects have one. */
export const MIN_INTERVALS = 5;

export const RULES: readonly Rule[] = [
  {
    id: "conclusion",
    family: "response",
    title: "Signed conclusion differs from the recomputed response",
    text:
      "A follow-up's signed conclusion, read as a response, is not the overall response recomputed from its lesions " +
      "by RECIST 1.1; a baseline's conclusion is none (Undefined).",
  },
  {
    id: "target-sum",
    family: "response",
    title: "Reported target sum differs from its targets",
    text:
      `The reported target sum differs by more than ${MM_TOLERANCE} mm from the sum of the assessment's target ` +
      "lesions, or only one of the two exists.",
  },
  {
    id: "changes",
    family: "response",
    title: "Reported changes differ from the recomputed ones",
    text:
      `A reported change from baseline, previous or nadir differs by more than ${MM_TOLERANCE} mm from the one ` +
      "recomputed from the target sums, or only one of the two exists.",
  },
  {
    id: "baseline-selection",
    family: "response",
    title: "Baseline targets break the selection rules",
    text:
      "At baseline: more than 5 targets, more than 2 targets in one organ (lymph nodes together count as one " +
      "organ), a non-nodal target under 10 mm, a nodal target under 15 mm short axis, or a target not measured.",
  },
  {
    id: "lesion-appears",
    family: "response",
    title: "Lesion appears after baseline without being a new lesion",
    text: "A target or non-target at a follow-up that the baseline does not have in that category (by label).",
  },
  {
    id: "target-stops",
    family: "response",
    title: "Target stops being measured",
    text:
      "A baseline target without a measurement (no reading, Not assessed or Not evaluable) at every assessment " +
      "from some follow-up to the subject's last one.",
  },
  {
    id: "interval",
    family: "response",
    title: "Interval far longer than usual (missed follow-up)",
    text:
      `An interval between consecutive assessments longer than ${INTERVAL_FACTOR} x the study's usual interval ` +
      `and more than ${INTERVAL_MARGIN_DAYS} days over it. The usual interval before a subject's k-th follow-up is ` +
      `the median of the study's intervals between assessments k-1 and k (baseline 0), when at least ` +
      `${MIN_INTERVALS} subjects have one; otherwise the median of all the study's intervals.`,
  },
  {
    id: "after-progression",
    family: "response",
    title: "Assessments after progression would count in the best response",
    text:
      "The best overall response counting every assessment is better than the one counting the assessments up to " +
      "and including the first progression (as signed, or as recomputed; SD from 42 days, no confirmation).",
  },
  {
    id: "ae-end-before-start",
    family: "adverse-events",
    title: "Adverse event ends before it starts",
    text: "An adverse event whose end date is before its start date.",
  },
  {
    id: "ae-no-grade",
    family: "adverse-events",
    title: "Adverse event without a grade",
    text: "An adverse event without a CTCAE grade (1 to 5).",
  },
  {
    id: "lab-no-unit",
    family: "laboratory",
    title: "Numeric laboratory result without a unit",
    text: "A laboratory result with a numeric value and no unit.",
  },
];

export const ruleOf = (id: RuleId): Rule => RULES.find((r) => r.id === id)!;

/** A record a finding names; each kind opens where the portal lists it. */
export type FindingRecord =
  | { kind: "assessment"; key: string }
  | { kind: "lesion"; key: string; assessmentKey: string }
  | { kind: "adverse-event"; key: string }
  | { kind: "laboratory"; key: string; test: string; collectedAt: string | null };

export interface Finding {
  rule: RuleId;
  subjectId: string | null;
  /** The date the finding is about: the assessment's, the event's start, the collection's. */
  date: string | null;
  /** The records that break the rule, the main one first. */
  records: FindingRecord[];
  /** What the data say (the reported or sent value). */
  found: string;
  /** What the rule or the recomputation gives instead. */
  expected: string;
}

/** Millimetres as written in findings: up to three decimals, no binary noise. */
export const mm = (x: number) => `${Number(x.toFixed(3))} mm`;
/** A change in mm with its sign. */
export const signedMm = (x: number) => `${x > 0 ? "+" : ""}${mm(x)}`;
/** A percentage to one decimal with its sign. */
export const signedPercent = (x: number) => `${x > 0 ? "+" : ""}${x.toFixed(1)} %`;

/** Whether two values in mm disagree: more than MM_TOLERANCE apart, or only one of them known. */
export function mmDiffer(reported: number | null, recomputed: number | null): boolean {
  if (reported === null || recomputed === null) return reported !== recomputed;
  // A millionth keeps binary rounding from deciding (24.1 against 24.2 is 0.1, not 0.10000000000000142).
  return Math.abs(reported - recomputed) > MM_TOLERANCE + 1e-6;
}

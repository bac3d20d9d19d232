/**
 * What the chosen test's results listing shows, in words: its quick choice and the narrowing the charts and shift
 * tables and their notes led to (a unit, a visit, a shift-table cell, a part, the values of at most a bound), each
 * with the query that removes it. The page's caption and
 * its export's title are the same words.
 */

import { RESULT_CHOICE_LABEL } from "@/lib/clinical/laboratory/results";
import { atVisit } from "@/sections/frame/visit-listing";
import type { ChosenTest } from "./load";
import type { LabQuery, PhaseChoice } from "./query";
import { unitLabel, visitLabel } from "./tables";

const CATEGORY = { L: "low (L)", N: "normal (N)", H: "high (H)", M: "missing" } as const;

/** The part of the results a listing is narrowed to, in words (query.ts, PHASE_CHOICES). */
export const PHASE_TEXT: Record<PhaseChoice, string> = {
  baseline: "each subject's baseline result",
  "baseline-first-dose": "the baseline results found from the first dose",
  "baseline-fallback": "the baseline results found by visit name (no known first dose)",
  after: "the results counted after baseline",
  late: "the results after the on-treatment window",
};

export function listingNarrowing(test: ChosenTest): { text: string; without: Partial<LabQuery> }[] {
  const { choice } = test;
  const narrowing: { text: string; without: Partial<LabQuery> }[] = [];
  if (choice.unit !== undefined)
    narrowing.push({ text: `unit ${unitLabel(choice.unit)}`, without: { unit: undefined, shift: null } });
  if (choice.visit !== undefined)
    narrowing.push({ text: `visit ${visitLabel(choice.visit)}`, without: { visit: undefined } });
  if (choice.shift) {
    const { direction, baseline, worst } = choice.shift;
    // A total names only the category it fixes; the grand total is every subject of the table.
    const parts = [
      ...(baseline ? [`baseline ${CATEGORY[baseline]}`] : []),
      ...(worst ? [`${direction}est category after baseline ${CATEGORY[worst]}`] : []),
    ];
    const which = parts.length ? ` with ${parts.join(" and ")}` : ` of the ${direction}est-category shift table`;
    narrowing.push({ text: `the ${test.shiftSubjects} subjects${which}`, without: { shift: null } });
  }
  if (choice.phase) narrowing.push({ text: PHASE_TEXT[choice.phase], without: { phase: null } });
  if (choice.valueMax !== null)
    narrowing.push({ text: `values of ${choice.valueMax} or less`, without: { valueMax: null } });
  return narrowing;
}

export function resultsCaption(test: ChosenTest): string {
  const narrowing = listingNarrowing(test);
  const narrowed = narrowing.length ? `: ${narrowing.map((n) => n.text).join(", ")}` : "";
  return `${RESULT_CHOICE_LABEL[test.choice.show]} of ${test.name}${narrowed}`;
}

/** What the listing of a data note's results holds, which its caption and its export's title say. */
export const issueListingOf = (study: string) => `laboratory results of study ${study}, every test`;

/** The caption of every test's results at one visit (null: without a visit), which its export's title repeats. */
export const visitListingCaption = (study: string, visit: string | null) =>
  `Laboratory results of study ${study} ${atVisit(visit)}, every test`;

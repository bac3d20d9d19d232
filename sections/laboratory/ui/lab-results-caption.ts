/**
 * What the chosen test's results listing shows, in words: its quick choice and the narrowing the charts and shift
 * tables led to (a unit, a visit, a shift-table cell), each with the state that removes it. The page's caption and
 * its export's title are the same words.
 */
import { RESULT_CHOICE_LABEL } from "@/lib/clinical/laboratory/results";
import type { LaboratoryView } from "@/sections/laboratory/load";
import type { LabQuery } from "@/sections/laboratory/query";
import { unitLabel, visitLabel } from "./lab-format";

const CATEGORY = { L: "low (L)", N: "normal (N)", H: "high (H)", M: "missing" } as const;

export type LabTestResults = NonNullable<LaboratoryView["test"]>;

export function listingNarrowing(test: LabTestResults): { text: string; without: Partial<LabQuery> }[] {
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
  return narrowing;
}

export function resultsCaption(test: LabTestResults): string {
  const narrowing = listingNarrowing(test);
  const narrowed = narrowing.length ? `: ${narrowing.map((n) => n.text).join(", ")}` : "";
  return `${RESULT_CHOICE_LABEL[test.choice.show]} of ${test.name}${narrowed}`;
}

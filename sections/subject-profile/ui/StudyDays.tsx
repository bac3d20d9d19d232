/**
 * What the subject's study days count from (docs/clinical-rules.md, Study medication and study day 1): the anchor
 * of day 1 chosen in the address (`day1=`, the first dose of the study drug unless it says the baseline
 * assessment), the date it gave and what that date is, said in words, and the choice of the other anchor.
 */
import type { AnchoredSource, StudyDayReference } from "@/lib/clinical/common/study-day-reference";
import type { DayOneAnchor } from "@/lib/clinical/exposure/day-one";
import { ChoiceLinks } from "@/sections/frame/ui/ChoiceLinks";
import { Convention } from "@/sections/frame/ui/Convention";
import { dayOneHref } from "../query";

const REFERENCE_TEXT: Record<AnchoredSource, string> = {
  "first dose": "the first dose of study medication",
  "baseline assessment": "the baseline response assessment",
  "first response assessment": "the first response assessment (no dated study medication)",
  "first laboratory collection": "the first laboratory collection (no dated study medication or response assessment)",
};

/** The anchors as the choice names them. */
export const ANCHOR_LABEL: Record<DayOneAnchor, string> = {
  "first-dose": "First dose of the study drug",
  baseline: "Baseline response assessment",
};

/** What the chosen anchor is in words, in the line that names it (a study without imaging has no assessment). */
function chosenText(dayOne: DayOneAnchor, withAssessments: boolean): string {
  if (dayOne === "baseline")
    return (
      "the baseline response assessment, else the first dose of the study drug, else the first response " +
      "assessment, else the first laboratory collection"
    );
  return withAssessments
    ? "the first dose of the study drug, else the first response assessment, else the first laboratory collection"
    : "the first dose of the study drug, else the first laboratory collection";
}

interface StudyDaysProps {
  dayOne: DayOneAnchor;
  reference: StudyDayReference<AnchoredSource> | null;
  /** Whether the study has response assessments (without them, there is no baseline to choose). */
  withAssessments: boolean;
  /** The page's other state as understood (./kept-state.ts), which the choice keeps. */
  kept: URLSearchParams;
}

export function StudyDays({ dayOne, reference, withAssessments, kept }: StudyDaysProps) {
  const anchors: DayOneAnchor[] =
    withAssessments || dayOne === "baseline" ? ["first-dose", "baseline"] : ["first-dose"];
  const fellBack = dayOne === "baseline" && reference !== null && reference.source !== "baseline assessment";
  return (
    <>
      {anchors.length > 1 ? (
        <ChoiceLinks
          label="Study day 1 at"
          lead
          choices={anchors.map((a) => ({ label: ANCHOR_LABEL[a], href: dayOneHref(kept, a), current: a === dayOne }))}
        />
      ) : null}
      <Convention anchor="study-medication-and-study-day-1">
        Study days count from day 1 = {chosenText(dayOne, withAssessments)}; the day before day 1 is day -1, there is no
        day 0.
      </Convention>
      {reference ? (
        <p>
          Study day 1 is <time dateTime={reference.date}>{reference.date}</time>, {REFERENCE_TEXT[reference.source]}
          {fellBack ? " (this subject has no dated baseline assessment)" : ""}.
        </p>
      ) : null}
    </>
  );
}

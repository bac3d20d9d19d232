/**
 * The line every page of the section shows under its derived days: which day 1 the response times count from, and
 * how many subjects fell back on their baseline for want of a first dose (docs/clinical-rules.md, Day 1 of the
 * response times), linked to the rule.
 */
import type { DayOneAnchor } from "@/lib/clinical/exposure/day-one";
import { Convention } from "@/sections/frame/ui/Convention";
import { dayOneText } from "../notes";

export function DayOneConvention({ dayOne }: { dayOne: { anchor: DayOneAnchor; fellBack: readonly string[] } }) {
  return (
    <Convention anchor="day-1-of-the-response-times">
      {dayOneText(dayOne)}; the duration of response counts from the first CR or PR, whatever day 1 is.
    </Convention>
  );
}

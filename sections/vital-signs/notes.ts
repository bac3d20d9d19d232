/**
 * The vital-signs section's data notes, in words: what the records lack or
 * mix, how many, and what the section does about it (docs/clinical-rules.md,
 * Vital signs). Each count opens the listing of exactly the records it
 * counts: those of every item with the issue (`issue=`,
 * lib/clinical/measurements/issues.ts), or the group it names.
 */

import { displayUnit } from "@/lib/clinical/common/units";
import type { MeasurementIssue } from "@/lib/clinical/measurements/issues";
import { vitalGroupLabel } from "@/lib/clinical/vital-signs/groups";
import { vitalItemName } from "@/lib/clinical/vital-signs/names";
import { type CountedNote, countedNotes, linkList } from "@/sections/frame/note-rules";
import { type DataNote, linkedNote, plural } from "@/sections/frame/ui/notices";
import type { VitalSignsView } from "./load";
import { issueHref, LISTING_ANCHOR, vitalHref } from "./query";

type Counts = VitalSignsView["counts"];
/** The address of the listing of the records with an issue. */
type IssueHref = (which: MeasurementIssue) => string;

export function vitalSignsNotes(view: VitalSignsView, base: string): DataNote[] {
  const c = view.counts;
  const issue: IssueHref = (which) => issueHref(base, which);
  return [
    ...rangeNotes(c, issue),
    ...unitNotes(c, base, issue),
    ...c.textInNumericItems.map((t) =>
      linkedNote(
        `${plural(t.records, "record")} without a number`,
        vitalHref(base, { test: t.test, unit: null, kind: "text" }, {}, LISTING_ANCHOR),
        ` (text or no result), counted and listed under "${vitalGroupLabel({ ...t, unit: null, kind: "text" })}", ` +
          "never averaged.",
        `${vitalItemName(t.test, null)}: `,
      ),
    ),
    ...c.earlierReadings.map((g) =>
      linkedNote(
        plural(g.records, "earlier reading"),
        vitalHref(base, { ...g, counted: false }, {}, LISTING_ANCHOR),
        " of a subject at a visit where it has a later one: listed, not summarised (the summary counts the " +
          "last reading of the visit, one per subject).",
        `${vitalGroupLabel(g)}: `,
      ),
    ),
    ...countedNotes(issueCounts(c, issue)),
  ];
}

/** No reference range with any vital sign, or some numeric results without one. */
function rangeNotes(c: Counts, issue: IssueHref): DataNote[] {
  if (c.numbers > 0 && c.numbersWithRange === 0)
    return ["The partner sent no reference range with any vital sign, so no value is flagged as out of range."];
  if (c.numbersWithRange < c.numbers)
    return [
      linkedNote(
        plural(c.numbers - c.numbersWithRange, "numeric result"),
        issue("no-range"),
        " came without a reference range and are not flagged.",
      ),
    ];
  return [];
}

/** Items recorded in more than one unit (each unit opens its summary), and numeric results without a unit. */
function unitNotes(c: Counts, base: string, issue: IssueHref): DataNote[] {
  const notes: DataNote[] = c.multiUnit.map((m) => [
    `${vitalItemName(m.test, null)} is recorded in ${m.units.length} units (`,
    ...linkList(
      m.units.map((unit) => ({
        text: unit === null ? "no unit" : displayUnit(unit),
        href: vitalHref(base, { test: m.test, unit, kind: "number" }),
      })),
    ),
    "): each unit is summarised and charted on its own, never mixed.",
  ]);
  if (c.numbersWithoutUnit)
    notes.push(
      linkedNote(
        plural(c.numbersWithoutUnit, "numeric result"),
        issue("no-unit"),
        ' came without a unit: summarised apart, as "(no unit)".',
      ),
    );
  return notes;
}

/** The records counted per issue: the count, what is counted (both the link) and what the section does about it. */
function issueCounts(c: Counts, issue: IssueHref): CountedNote[] {
  const counted: [number, MeasurementIssue, string, string][] = [
    [c.noResult, "no-result", "with neither a number nor a text", 'listed as "(no result)"'],
    [c.noSubject, "no-subject", "without a subject", "listed, not summarised (a summary counts subjects)"],
    [c.noVisit, "no-visit", "without a visit", 'summarised as "(no visit)", after the visits'],
    [c.noDate, "no-date", "without a readable date", "they do not count when the visits are put in order"],
  ];
  return counted.map(([n, which, what, rest]) => [
    n,
    () => linkedNote(`${plural(n, "record")} ${what}`, issue(which), `: ${rest}.`),
  ]);
}

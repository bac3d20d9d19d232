/**
 * The laboratory section's data notes, in words: what in the results is odd (no unit, a change of unit, text
 * results, tests without a service code, ranges that give no bounds, results without a date, subject, visit or
 * value), counted over the whole study, so that nothing is dropped or mixed silently; and with a test chosen, its
 * results dated after the on-treatment window, which its shift tables leave out. Each count opens the listing of
 * exactly the results it counts (`issue=`, lib/clinical/measurements/issues.ts; `phase=late`); a test's name opens
 * the test.
 */

import type { MeasurementIssue } from "@/lib/clinical/measurements/issues";
import { type CountedNote, countedNotes, linkList } from "@/sections/frame/note-rules";
import { type DataNote, linkedNote, type NotePart, plural } from "@/sections/frame/ui/notices";
import type { LaboratoryView } from "./load";
import { issueHref, labHref, resultsHref } from "./query";
import { unitLabel } from "./tables";

/** What each note counts, after its number. */
const WHAT: Partial<Record<MeasurementIssue, string>> = {
  "free-range": "with a reference range that gives no bound (free text)",
  "no-range": "without a reference range",
  "no-date": "without a collection date",
  "no-subject": "without a subject",
  "no-visit": "without a visit",
  "no-result": "with neither a value nor a text",
};

type Row = LaboratoryView["overview"][number];
/** The address of the listing of the results with an issue. */
type IssueHref = (which: MeasurementIssue) => string;

const sum = (view: LaboratoryView, pick: (r: Row) => number) => view.overview.reduce((n, r) => n + pick(r), 0);

export function laboratoryNotes(view: LaboratoryView, base: string): DataNote[] {
  const issue: IssueHref = (which) => issueHref(base, which);
  return [
    ...unitNotes(view, base, issue),
    ...testNotes(view, base, issue),
    ...countedNotes(issueCounts(view, issue)),
    ...lateNotes(view, base),
  ];
}

/** The chosen test's numeric results after the on-treatment window, per unit: left out of the worst values. */
function lateNotes(view: LaboratoryView, base: string): DataNote[] {
  const test = view.test;
  if (!test) return [];
  const days = view.window.days;
  return test.series
    .filter((s) => s.late > 0)
    .map((s) => {
      const what = `${plural(s.late, "numeric result")} of ${test.name} in ${unitLabel(s.unit)}`;
      return linkedNote(
        `${what} dated after the on-treatment window`,
        resultsHref(base, { test: test.key, unit: s.unit, show: "all", phase: "late", window: days }),
        ` (the last dose + ${plural(days, "day")}): not counted in the worst value after baseline of the shift tables.`,
      );
    });
}

/** Test names, each opening its test (a name is listed once, however many units its test has). */
function testLinks(base: string, list: { name: string; key: string }[]): NotePart[] {
  const seen = new Map(list.map((t) => [t.name, t.key]));
  return linkList([...seen].map(([name, key]) => ({ text: name, href: labHref(base, { test: key }) })));
}

const byKey = (r: Row) => ({ name: r.test, key: r.testKey });

/** Numeric results without a unit, and tests in more than one unit. */
function unitNotes(view: LaboratoryView, base: string, issue: IssueHref): DataNote[] {
  const notes: DataNote[] = [];
  const noUnit = view.overview.filter((r) => r.unit === null && r.numeric > 0);
  if (noUnit.length) {
    const n = sum(view, (r) => (r.unit === null ? r.numeric : 0));
    notes.push([
      { text: `${plural(n, "numeric result")} without a unit`, href: issue("no-unit") },
      " (",
      ...testLinks(base, noUnit.map(byKey)),
      "): shown as a series of their own, never mixed with the test's unit.",
    ]);
  }
  for (const t of view.tests) {
    const units = t.units.filter((u) => u !== null);
    if (units.length > 1)
      notes.push(
        linkedNote(
          t.name,
          labHref(base, { test: t.key }),
          ` comes in ${units.length} units (${units.map(unitLabel).join(", ")}): one row, chart and shift table each.`,
        ),
      );
  }
  return notes;
}

/** Text results, and tests without a service code. */
function testNotes(view: LaboratoryView, base: string, issue: IssueHref): DataNote[] {
  const notes: DataNote[] = [];
  const text = view.overview.filter((r) => r.text > 0);
  if (text.length)
    notes.push([
      {
        text: plural(
          sum(view, (r) => r.text),
          "text result",
        ),
        href: issue("text"),
      },
      " (",
      ...testLinks(base, text.map(byKey)),
      "): shown as text, never plotted.",
    ]);
  const uncoded = view.tests.filter((t) => t.code === null);
  if (uncoded.length)
    notes.push([
      `${plural(uncoded.length, "test")} without a service code, keyed by name: `,
      ...testLinks(base, uncoded),
      ".",
    ]);
  return notes;
}

/** The results counted per issue: the count, what is counted (both the link) and what the section does about it. */
function issueCounts(view: LaboratoryView, issue: IssueHref): CountedNote[] {
  // Dates place results against the first dose, and against the first result in a study without a baseline visit.
  const dated =
    view.rule === "first result"
      ? " nor in shift tables"
      : " nor in shift tables where a subject's baseline comes from the first dose";
  const counted: [number, MeasurementIssue, string, string][] = [
    [sum(view, (r) => r.unreadableRange), "free-range", "numeric result", ": not flagged L or H"],
    [sum(view, (r) => r.noRange), "no-range", "numeric result", ": not flagged L or H"],
    [sum(view, (r) => r.undated), "no-date", "result", `: not used to order visits${dated}`],
    [sum(view, (r) => r.noSubject), "no-subject", "result", ": counted in the overview, in no shift table"],
    [sum(view, (r) => r.noVisit), "no-visit", "result", ': shown as the visit "(no visit)"'],
    [sum(view, (r) => r.empty), "no-result", "result", ""],
  ];
  return counted.map(([n, which, what, rest]) => [
    n,
    () => linkedNote(`${plural(n, what)} ${WHAT[which]}`, issue(which), `${rest}.`),
  ]);
}

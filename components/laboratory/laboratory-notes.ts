/**
 * The laboratory section's data notes, in words: what in the results is odd (no unit, a change of unit, text
 * results, tests without a service code, ranges that give no bounds, results without a date, subject, visit or
 * value), counted over the whole study, so that nothing is dropped or mixed silently.
 */
import { plural } from "@/components/study/notices";
import type { LaboratoryView } from "@/lib/study-views/load-laboratory";

const sum = (view: LaboratoryView, pick: (r: LaboratoryView["overview"][number]) => number) =>
  view.overview.reduce((n, r) => n + pick(r), 0);
const names = (list: string[]) => [...new Set(list)].join(", ");

export function laboratoryNotes(view: LaboratoryView): string[] {
  const notes: string[] = [];
  const noUnit = view.overview.filter((r) => r.unit === null && r.numeric > 0);
  if (noUnit.length)
    notes.push(
      `${plural(
        sum(view, (r) => (r.unit === null ? r.numeric : 0)),
        "numeric result",
      )} without a unit ` +
        `(${names(noUnit.map((r) => r.test))}): shown as a series of their own, never mixed with the test's unit.`,
    );
  for (const t of view.tests) {
    const units = t.units.filter((u) => u !== null);
    if (units.length > 1)
      notes.push(
        `${t.name} comes in ${units.length} units (${units.join(", ")}): one row, chart and shift table each.`,
      );
  }
  const text = view.overview.filter((r) => r.text > 0);
  if (text.length)
    notes.push(
      `${plural(
        sum(view, (r) => r.text),
        "text result",
      )} (${names(text.map((r) => r.test))}): shown as text, never plotted.`,
    );
  const uncoded = view.tests.filter((t) => t.code === null);
  if (uncoded.length)
    notes.push(
      `${plural(uncoded.length, "test")} without a service code, keyed by name: ${names(uncoded.map((t) => t.name))}.`,
    );
  const counted: [number, string, string][] = [
    [
      sum(view, (r) => r.unreadableRange),
      "numeric result",
      "with a reference range that gives no bound (free text): not flagged L or H",
    ],
    [sum(view, (r) => r.noRange), "numeric result", "without a reference range: not flagged L or H"],
    [
      sum(view, (r) => r.undated),
      "result",
      "without a collection date: not used to order visits" +
        (view.rule === "first result" ? " nor in shift tables" : ""),
    ],
    [sum(view, (r) => r.noSubject), "result", "without a subject: counted in the overview, in no shift table"],
    [sum(view, (r) => r.noVisit), "result", 'without a visit: shown as the visit "(no visit)"'],
    [sum(view, (r) => r.empty), "result", "with neither a value nor a text"],
  ];
  for (const [n, what, why] of counted) if (n) notes.push(`${plural(n, what)} ${why}.`);
  return notes;
}

/**
 * The vital-signs section's data notes, in words: what the records lack or
 * mix, how many, and what the view does about it (docs/clinical-rules.md,
 * Vital signs).
 */
import type { VitalSignsView } from "@/lib/study-views/load-vital-signs";
import { plural } from "../study/notices";

export function vitalSignsNotes(view: VitalSignsView): string[] {
  const c = view.counts;
  const notes: string[] = [];
  const verb = (n: number, one: string, many: string) => `${plural(n, "record")} ${n === 1 ? one : many}`;
  if (c.numbers > 0 && c.numbersWithRange === 0)
    notes.push("The partner sent no reference range with any vital sign, so no value is flagged as out of range.");
  else if (c.numbersWithRange < c.numbers)
    notes.push(
      `${plural(c.numbers - c.numbersWithRange, "numeric result")} came without a reference range and are not flagged.`,
    );
  for (const m of c.multiUnit)
    notes.push(
      `${m.test} is recorded in ${m.units.length} units (${m.units.map((u) => u ?? "no unit").join(", ")}): ` +
        "each unit is summarised and charted on its own, never mixed.",
    );
  if (c.numbersWithoutUnit)
    notes.push(
      `${plural(c.numbersWithoutUnit, "numeric result")} came without a unit: summarised apart, as "(no unit)".`,
    );
  for (const t of c.textInNumericItems)
    notes.push(
      `${t.test}: ${plural(t.records, "record")} without a number (text or no result), counted and listed under ` +
        `"${t.test} (text)", never averaged.`,
    );
  if (c.noResult)
    notes.push(`${verb(c.noResult, "carries", "carry")} neither a number nor a text: listed as "(no result)".`);
  if (c.noSubject)
    notes.push(`${verb(c.noSubject, "names", "name")} no subject: summarised and listed, without a profile link.`);
  if (c.noVisit)
    notes.push(`${verb(c.noVisit, "has", "have")} no visit: summarised as "(no visit)", after the visits.`);
  if (c.noDate)
    notes.push(
      `${verb(c.noDate, "has", "have")} no readable date: they do not count when the visits are put in order.`,
    );
  return notes;
}

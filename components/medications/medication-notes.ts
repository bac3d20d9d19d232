/**
 * The medications section's data notes, in words: records without a dose or
 * a start, open-ended ones, unreadable dates, and records of subjects outside
 * the study's Group (docs/clinical-rules.md, Medications).
 */
import type { MedicationsView } from "@/lib/study-views/load-medications";
import { plural } from "../study/notices";

export function medicationNotes(view: MedicationsView): string[] {
  const c = view.counts;
  const notes: string[] = [];
  const records = (n: number, one: string, many: string) => `${plural(n, "record")} ${n === 1 ? one : many}`;
  if (c.noDose) notes.push(`${records(c.noDose, "has", "have")} no dose: shown as "not recorded".`);
  if (c.noStart) notes.push(`${records(c.noStart, "has", "have")} no start date: shown as "not recorded".`);
  if (c.openEnded)
    notes.push(`${records(c.openEnded, "is", "are")} open-ended (the partner sent no end date): shown as "ongoing".`);
  if (c.unreadableDates)
    notes.push(
      `${records(c.unreadableDates, "has", "have")} a start or end that is no readable date: shown as sent, ` +
        `marked "unreadable"; an unreadable end is not counted as ongoing.`,
    );
  if (c.outsideGroup.records)
    notes.push(
      `${records(c.outsideGroup.records, "belongs", "belong")} to ${plural(c.outsideGroup.subjects, "subject")} ` +
        "outside the study's Group: listed, but not counted in the subjects per drug.",
    );
  if (c.noSubject) notes.push(`${records(c.noSubject, "names", "name")} no subject: listed, not counted per drug.`);
  if (c.repeatedIds)
    notes.push(`${records(c.repeatedIds, "repeats", "repeat")} the id of a record sent before: listed as sent.`);
  if (view.members === 0) notes.push("The study's Group lists no members: the subjects per drug have no percentage.");
  return notes;
}

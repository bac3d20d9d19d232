/**
 * The medications section's data notes, in words: records without a dose or
 * a start, open-ended ones, unreadable dates, and records of subjects outside
 * the study's Group (docs/clinical-rules.md, Medications). Where the listing
 * can show exactly the records a note counts (its open-ended filter, or an
 * exact filter of a column), the count opens it.
 */

import type { MedicationsView } from "@/lib/study-views/load-medications";
import { exactFilter } from "@/lib/tables/filters";
import { type DataNote, linkedNote, plural } from "../study/notices";
import { LISTING_ANCHOR, medicationHref } from "./medication-href";
import { LISTING_PREFIX, NO_SUBJECT, NOT_IN_GROUP, NOT_RECORDED } from "./medication-listing";

export function medicationNotes(view: MedicationsView, base: string): DataNote[] {
  const c = view.counts;
  const notes: DataNote[] = [];
  const records = (n: number, one: string, many: string) => `${plural(n, "record")} ${n === 1 ? one : many}`;
  /** The listing with one column's filter, every drug and record. */
  const column = (id: string, filter: string) =>
    `${base}?${new URLSearchParams({ [`${LISTING_PREFIX}f_${id}`]: filter })}#${LISTING_ANCHOR}`;
  if (c.noDose) notes.push(`${records(c.noDose, "has", "have")} no dose: shown as "not recorded".`);
  if (c.noStart)
    notes.push(
      linkedNote(
        `${plural(c.noStart, "record")} without a start date`,
        column("start", exactFilter(NOT_RECORDED)),
        ': shown as "not recorded".',
      ),
    );
  if (c.openEnded)
    notes.push(
      linkedNote(
        plural(c.openEnded, "open-ended record"),
        medicationHref(base, { ongoing: true }),
        ' (the partner sent no end date): shown as "ongoing".',
      ),
    );
  if (c.unreadableDates)
    notes.push(
      `${records(c.unreadableDates, "has", "have")} a start or end that is no readable date: shown as sent, ` +
        `marked "unreadable"; an unreadable end is not counted as ongoing.`,
    );
  if (c.outsideGroup.records)
    notes.push(
      linkedNote(
        `${plural(c.outsideGroup.records, "record")} of ${plural(c.outsideGroup.subjects, "subject")} outside the ` +
          "study's Group",
        column("note", exactFilter(NOT_IN_GROUP)),
        ": listed, but not counted in the subjects per drug.",
      ),
    );
  if (c.noSubject)
    notes.push(
      linkedNote(
        `${plural(c.noSubject, "record")} naming no subject`,
        column("note", exactFilter(NO_SUBJECT)),
        ": listed, not counted per drug.",
      ),
    );
  if (c.repeatedIds)
    notes.push(`${records(c.repeatedIds, "repeats", "repeat")} the id of a record sent before: listed as sent.`);
  if (view.members === 0) notes.push("The study's Group lists no members: the subjects per drug have no percentage.");
  return notes;
}

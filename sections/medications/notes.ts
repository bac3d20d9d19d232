/**
 * The medications section's data notes, in words: records without a dose or
 * a start, open-ended ones, unreadable dates, and records of subjects outside
 * the study's Group (docs/clinical-rules.md, Medications). Where the listing
 * can show exactly the records a note counts (its open-ended filter, or an
 * exact filter of a column), the count opens it.
 */

import { exactFilter } from "@/lib/tables/filters";
import { countedNotes } from "@/sections/frame/note-rules";
import { type DataNote, linkedNote, plural } from "@/sections/frame/ui/notices";
import type { MedicationsView } from "./load";
import { listingColumnHref, medicationHref } from "./query";
import { NO_SUBJECT, NOT_IN_GROUP, NOT_RECORDED } from "./tables";

type Counts = MedicationsView["counts"];
/** The listing with one column's filter, every drug and record. */
type ColumnHref = (id: string, filter: string) => string;

const records = (n: number, one: string, many: string) => `${plural(n, "record")} ${n === 1 ? one : many}`;

export function medicationNotes(view: MedicationsView, base: string): DataNote[] {
  const column: ColumnHref = (id, filter) => listingColumnHref(base, id, filter);
  return [
    ...recordNotes(view.counts, base, column),
    ...subjectNotes(view.counts, column),
    ...(view.members === 0 ? ["The study's Group lists no members: the subjects per drug have no percentage."] : []),
  ];
}

/** Records without a dose or a start, open-ended ones and unreadable dates. */
const recordNotes = (c: Counts, base: string, column: ColumnHref): DataNote[] =>
  countedNotes([
    [c.noDose, (n) => `${records(n, "has", "have")} no dose: shown as "not recorded".`],
    [
      c.noStart,
      (n) =>
        linkedNote(
          `${plural(n, "record")} without a start date`,
          column("start", exactFilter(NOT_RECORDED)),
          ': shown as "not recorded".',
        ),
    ],
    [
      c.openEnded,
      (n) =>
        linkedNote(
          plural(n, "open-ended record"),
          medicationHref(base, { ongoing: true }),
          ' (the partner sent no end date): shown as "ongoing".',
        ),
    ],
    [
      c.unreadableDates,
      (n) =>
        `${records(n, "has", "have")} a start or end that is no readable date: shown as sent, ` +
        `marked "unreadable"; an unreadable end is not counted as ongoing.`,
    ],
  ]);

/** Records of subjects outside the Group or of no subject, and repeated ids. */
const subjectNotes = (c: Counts, column: ColumnHref): DataNote[] =>
  countedNotes([
    [
      c.outsideGroup.records,
      (n) =>
        linkedNote(
          `${plural(n, "record")} of ${plural(c.outsideGroup.subjects, "subject")} outside the study's Group`,
          column("note", exactFilter(NOT_IN_GROUP)),
          ": listed, but not counted in the subjects per drug.",
        ),
    ],
    [
      c.noSubject,
      (n) =>
        linkedNote(
          `${plural(n, "record")} naming no subject`,
          column("note", exactFilter(NO_SUBJECT)),
          ": listed, not counted per drug.",
        ),
    ],
    [c.repeatedIds, (n) => `${records(n, "repeats", "repeat")} the id of a record sent before: listed as sent.`],
  ]);

/**
 * The medications section's data notes, in words, for each kind of record (the concomitant medications, then the
 * study drug's records): records without a dose or a start, open-ended ones, unreadable dates, and records of
 * subjects outside the study's Group (docs/clinical-rules.md, Medications). Where the listing can show exactly the
 * records a note counts (its kind with its open-ended filter, or an exact filter of a column), the count opens it.
 */

import { exactFilter } from "@/lib/tables/filters";
import { countedNotes } from "@/sections/frame/note-rules";
import { type DataNote, linkedNote, plural } from "@/sections/frame/ui/notices";
import type { MedicationsView } from "./load";
import { listingColumnHref, type MedicationKind, medicationHref } from "./query";
import { NO_SUBJECT, NOT_IN_GROUP, NOT_RECORDED } from "./tables";

type Counts = MedicationsView["counts"];
/** The listing of one kind's records with one column's filter, every drug. */
type ColumnHref = (id: string, filter: string) => string;

/** What a note counts of each kind: "1 concomitant-medication record", "2 study-drug records". */
const NOUN: Record<MedicationKind, string> = {
  concomitant: "concomitant-medication record",
  "study-drug": "study-drug record",
};

export function medicationNotes(view: MedicationsView, base: string): DataNote[] {
  const kinds: [Counts, MedicationKind][] = [
    [view.counts, "concomitant"],
    [view.studyDrugCounts, "study-drug"],
  ];
  return [
    ...kinds.flatMap(([counts, kind]) => {
      const column: ColumnHref = (id, filter) => listingColumnHref(base, id, filter, kind);
      return [...recordNotes(counts, base, kind, column), ...subjectNotes(counts, kind, column)];
    }),
    ...(view.members === 0 ? ["The study's Group lists no members: the subjects per drug have no percentage."] : []),
  ];
}

/** `3 concomitant-medication records have`, `1 study-drug record has`. */
const records = (n: number, kind: MedicationKind, one: string, many: string) =>
  `${plural(n, NOUN[kind])} ${n === 1 ? one : many}`;

/** Records without a dose or a start, open-ended ones and unreadable dates. */
const recordNotes = (c: Counts, base: string, kind: MedicationKind, column: ColumnHref): DataNote[] =>
  countedNotes([
    [c.noDose, (n) => `${records(n, kind, "has", "have")} no dose: shown as "not recorded".`],
    [
      c.noStart,
      (n) =>
        linkedNote(
          `${plural(n, NOUN[kind])} without a start date`,
          column("start", exactFilter(NOT_RECORDED)),
          ': shown as "not recorded".',
        ),
    ],
    [
      c.openEnded,
      (n) =>
        linkedNote(
          plural(n, `open-ended ${NOUN[kind]}`),
          medicationHref(base, { ongoing: true, kind }),
          ' (the partner sent no end date): shown as "ongoing".',
        ),
    ],
    [
      c.unreadableDates,
      (n) =>
        `${records(n, kind, "has", "have")} a start or end that is no readable date: shown as sent, ` +
        `marked "unreadable"; an unreadable end is not counted as ongoing.`,
    ],
  ]);

/** Records of subjects outside the Group or of no subject, and repeated ids. */
const subjectNotes = (c: Counts, kind: MedicationKind, column: ColumnHref): DataNote[] =>
  countedNotes([
    [
      c.outsideGroup.records,
      (n) =>
        linkedNote(
          `${plural(n, NOUN[kind])} of ${plural(c.outsideGroup.subjects, "subject")} outside the study's Group`,
          column("note", exactFilter(NOT_IN_GROUP)),
          `: listed, but not counted in ${kind === "study-drug" ? "the exposure" : "the subjects per drug"}.`,
        ),
    ],
    [
      c.noSubject,
      (n) =>
        linkedNote(
          `${plural(n, NOUN[kind])} naming no subject`,
          column("note", exactFilter(NO_SUBJECT)),
          `: listed, not counted ${kind === "study-drug" ? "in the exposure" : "per drug"}.`,
        ),
    ],
    [c.repeatedIds, (n) => `${records(n, kind, "repeats", "repeat")} the id of a record sent before: listed as sent.`],
  ]);

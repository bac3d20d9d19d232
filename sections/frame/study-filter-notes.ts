/**
 * What a page says of the study filter (./study-filter.ts) among its data notes: how many subjects it keeps and
 * that every count and N is theirs, the IDs it names that the study does not have, the parameters it ignored (by
 * name), and, on a subject's own page, that the filter does not narrow it.
 */
import type { Population } from "./filtered-study";
import { isStudyFiltered, type StudyFilter } from "./study-filter";
import { type DataNote, plural } from "./ui/notices";

export function studyFilterNotes(filter: StudyFilter, population: Population | null, oneSubject = false): DataNote[] {
  const notes: DataNote[] = filter.ignored.map(
    (name) => `The study filter's parameter ${name} has a value of a form it does not read: it is ignored.`,
  );
  if (!isStudyFiltered(filter)) return notes;
  if (oneSubject) {
    notes.push("The study filter narrows the study's sections, not a subject's own page: all its records are here.");
    return notes;
  }
  if (population === null) return notes;
  const kept = population.ids.size;
  notes.push(
    `The study filter keeps ${plural(kept, "subject")} of ${population.of.toLocaleString("en")}: every count and ` +
      "listing here is of their records, and the N of every percentage is these subjects (the Group's members " +
      "among them).",
  );
  const { unknown } = population;
  if (unknown.length > 0)
    notes.push(
      `${plural(unknown.length, "subject ID")} of the study filter ${unknown.length === 1 ? "is" : "are"} not in ` +
        `this study: ${unknown.join(", ")}.`,
    );
  if (kept === 0) notes.push("No subject of the study has every value the filter chooses: remove a part of it above.");
  return notes;
}

/**
 * The shape the sections' data notes share: a note per count that is not zero, and lists of names or units that
 * each open their own records, separated by commas.
 */
import type { DataNote, NotePart } from "./ui/notices";

/** A count, and the note it gives when it is not zero (the note is given the count). */
export type CountedNote = readonly [count: number, note: (n: number) => DataNote];

/** The notes of the counts that are not zero, in order. */
export const countedNotes = (rules: readonly CountedNote[]): DataNote[] =>
  rules.flatMap(([n, note]) => (n ? [note(n)] : []));

/** Links separated by commas, as parts of a note. */
export const linkList = (links: readonly { text: string; href: string }[]): NotePart[] =>
  links.flatMap((link, i) => [...(i > 0 ? [", "] : []), link]);

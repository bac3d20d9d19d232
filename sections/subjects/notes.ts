/**
 * The subject list's own data notes, in words: what the join of Group, Patient, AdverseEvent and DiagnosticReport
 * left over.
 */
import type { SubjectListView } from "@/lib/study/subject-list";
import { plural } from "@/sections/frame/ui/notices";

export function subjectListNotes(view: SubjectListView): string[] {
  const notes: string[] = [];
  const { adverseEvents, assessments, members } = view.unmatched;
  if (members)
    notes.push(`${plural(members, "Group member")} could not be read: the member reference names no Patient.`);
  const notOnList = (n: number, what: string) =>
    n === 1
      ? `${plural(n, what)} names a subject that is not on this list and is not counted.`
      : `${plural(n, what)} name subjects that are not on this list and are not counted.`;
  if (adverseEvents) notes.push(notOnList(adverseEvents, "adverse event"));
  if (assessments) notes.push(notOnList(assessments, "response assessment"));
  const odd = view.rows.filter((r) => r.note !== null).length;
  if (odd)
    notes.push(`${plural(odd, "subject")} on the list ${odd === 1 ? "has" : "have"} a note: see the Note column.`);
  return notes;
}

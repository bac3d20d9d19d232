/**
 * The data-checks section's data notes, in words: the response records the RECIST checks could not check (no
 * subject, no baseline, not placed), counted, so that "no finding" never hides records that were not looked at.
 */

import { type DataNote, plural } from "@/sections/frame/ui/notices";
import type { DataChecksView } from "./load";

/** At most this many subject IDs are named in a note. */
const NAMED = 10;

const named = (ids: readonly string[]) =>
  ids.length <= NAMED ? ids.join(", ") : `${ids.slice(0, NAMED).join(", ")} and ${ids.length - NAMED} more`;

export function dataChecksNotes(view: DataChecksView): DataNote[] {
  const r = view.response;
  const j = r.joins;
  const notes: DataNote[] = [];
  const was = (n: number) => (n === 1 ? "was" : "were");
  if (r.withoutBaseline.length)
    notes.push(
      `${plural(r.withoutBaseline.length, "subject")} with response assessments but no baseline ` +
        `(${named(r.withoutBaseline)}): nothing can be recomputed for them, so the RECIST checks skip them.`,
    );
  if (r.setAside)
    notes.push(
      `${plural(r.setAside, "response assessment")} dated before the subject's baseline or without a readable date ` +
        `${was(r.setAside)} not checked.`,
    );
  if (j.assessmentsWithoutSubject)
    notes.push(`${plural(j.assessmentsWithoutSubject, "response assessment")} naming no subject: not checked.`);
  if (j.duplicateAssessments)
    notes.push(
      `${plural(j.duplicateAssessments, "response assessment")} sent again under an assessment ID already seen: ` +
        "the first is checked.",
    );
  for (const [reason, n] of j.unreadLesions) notes.push(`${plural(n, "lesion record")} ${reason}: not checked.`);
  if (j.lesionsWithoutAssessment)
    notes.push(
      `${plural(j.lesionsWithoutAssessment, "lesion record")} of no assessment of their subject: not checked.`,
    );
  if (j.duplicateLesions)
    notes.push(
      `${plural(j.duplicateLesions, "lesion record")} sent again under a lesion ID already seen: the first is checked.`,
    );
  return notes;
}

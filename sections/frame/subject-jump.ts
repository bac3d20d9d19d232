/**
 * The jump-to-subject box's address (./ui/SubjectJump.tsx): the typed subject's profile in the same study, the study
 * filter carried on. Only the study's own address is used, so a subject of another study is never opened: an ID
 * that is not in the study opens the profile's "not found".
 */
import { subjectHref } from "./addresses";
import { parseStudyFilter, withStudyFilter } from "./study-filter";

/** The longest subject ID the box takes (longer text cannot be one of the study's). */
export const MAX_TYPED_ID = 64;

/** The profile of the typed ID (trimmed), or null when nothing usable was typed. */
export function subjectJumpHref(studyHref: string, typed: string, search: string): string | null {
  const id = typed.trim();
  if (id === "" || id.length > MAX_TYPED_ID) return null;
  return withStudyFilter(subjectHref(studyHref, id), parseStudyFilter(new URLSearchParams(search)));
}

/**
 * One subject's profile, below the study's Subjects section: /studies/<connection>/<study>/subjects/<subject ID>.
 * Its heading and browser title name the subject, shortened when the ID is long.
 */
import { createElement } from "react";
import { defineSection } from "@/sections/frame/section";
import { shownSubjectId, subjectIdOf } from "@/sections/frame/subject-id";
import { loadSubjectProfile } from "./load";
import { subjectProfileNotes } from "./notes";
import { parseSubjectProfileQuery } from "./query";
import { SubjectProfileContent } from "./ui/SubjectProfileContent";

export const SUBJECT_PROFILE = defineSection({
  slug: "",
  title: ({ query }) => `Subject ${shownSubjectId(query.subjectId)}`,
  browserTitle: ({ subjectId }) => `subject ${shownSubjectId(subjectIdOf(subjectId ?? ""))}`,
  parseQuery: parseSubjectProfileQuery,
  load: (study, query) => loadSubjectProfile(study, query.subjectId, query.searchParams),
  notes: (view) => subjectProfileNotes(view),
  content: (view, { place }) => createElement(SubjectProfileContent, { view, place }),
});

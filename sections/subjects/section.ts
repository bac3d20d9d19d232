/** The Subjects section: every subject of the study, each leading to its profile (below it, ./subjects/<ID>). */
import { createElement } from "react";
import { loadSubjectList } from "@/lib/study/subject-list";
import { defineSection } from "@/sections/frame/section";
import { subjectListNotes } from "./notes";
import { parseSubjectListQuery } from "./query";
import { SubjectTable } from "./ui/SubjectTable";

export const SUBJECTS = defineSection({
  slug: "subjects",
  title: "Subjects",
  parseQuery: parseSubjectListQuery,
  load: (study) => loadSubjectList(study),
  notes: (view) => subjectListNotes(view),
  content: (view, { place }) =>
    createElement(SubjectTable, {
      view,
      study: place.study,
      studyHref: place.studyHref,
      searchParams: place.searchParams,
    }),
});

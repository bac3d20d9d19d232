/** The subject list's export (view "subjects", the study's own page). */
import { tableExport } from "@/lib/export/table-export";
import { loadSubjectList } from "@/lib/study/subject-list";
import { subjectListDef } from "@/lib/study/subject-list-columns";
import type { Sources } from "@/sections/frame/export-source";

export const SUBJECT_SOURCES: Sources = {
  "subjects:list": async (access, { params }) => {
    const view = await loadSubjectList(access);
    return tableExport(subjectListDef(view), params, {
      title: `Subjects of study ${access.study}`,
      fileLabel: "subjects",
      asOf: view.asOf,
    });
  },
};

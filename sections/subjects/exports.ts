/** The subject list's export: its table with the page's sorting, filters and search, every page. */
import { tableExport } from "@/lib/export/table-export";
import { loadSubjectList } from "@/lib/study/subject-list";
import { subjectListDef } from "@/lib/study/subject-list-columns";
import { sourcesOf } from "@/sections/frame/export-source";
import { reviewedTable } from "@/sections/frame/reviewed-table";
import { SUBJECT_LIST_TABLES, subjectListTitle } from "./tables";

export const SUBJECT_SOURCES = sourcesOf(SUBJECT_LIST_TABLES, {
  list: async (access, { params: searchParams }) => {
    const view = await loadSubjectList(access);
    // Its Review column, as on the page (docs/review.md).
    return tableExport(await reviewedTable(subjectListDef(view), access), searchParams, {
      title: subjectListTitle(access.study),
      fileLabel: "subjects",
      asOf: view.asOf,
    });
  },
});

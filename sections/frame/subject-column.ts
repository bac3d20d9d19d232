import type { TableColumn } from "@/lib/tables/server-table";
import { subjectHref } from "./addresses";

/** A listing's subject column: the subject ID, leading to the subject's profile; a record without one says so. */
export function subjectColumn<R extends { subjectId: string | null }>(studyHref: string): TableColumn<R> {
  return {
    id: "subject",
    header: "Subject",
    variable: "SUBJID",
    nowrap: true,
    value: (r) => r.subjectId ?? "(no subject)",
    link: (r) => (r.subjectId === null ? null : subjectHref(studyHref, r.subjectId)),
  };
}

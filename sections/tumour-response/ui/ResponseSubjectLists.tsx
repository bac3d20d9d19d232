/**
 * The summary's subjects: the listing a count of the table opens (`subjects=` in the URL; every subject
 * without it), the subjects whose signed and recomputed best overall responses differ, and the subjects left out
 * of N with the reason. Each is a DataTable of its own URL state; each subject opens its response page.
 */
import Link from "next/link";
import { DataTable } from "@/components/data-table/DataTable";
import { packTable } from "@/lib/tables/packed-rows";
import { plural } from "@/sections/frame/ui/notices";
import { DIFFER_ANCHOR, LEFT_OUT_ANCHOR, SUBJECTS_ANCHOR } from "../addresses";
import type { TumourResponseView } from "../load";
import type { SubjectDrill } from "../query";
import { differTable, leftOutTable, SUMMARY_TABLES, subjectListTable } from "../tables";
import type { SubjectLinks } from "./subject-rows";

export interface ResponseSubjectListsProps {
  view: TumourResponseView;
  drill: SubjectDrill | null;
  links: SubjectLinks;
  /** The summary without a choice of subjects. */
  allHref: string;
}

export function ResponseSubjectLists({ view, drill, links, allHref }: ResponseSubjectListsProps) {
  const { title, table: subjects } = subjectListTable(view, drill, links);
  const differ = differTable(view, links);
  const leftOut = leftOutTable(view, links).rows;
  return (
    <>
      <section id={SUBJECTS_ANCHOR} aria-labelledby={`${SUBJECTS_ANCHOR}-title`}>
        <h3 id={`${SUBJECTS_ANCHOR}-title`}>Subjects</h3>
        <p>
          {title}: {plural(subjects.rows.length, "subject")}.{" "}
          {drill ? <Link href={`${allHref}#${SUBJECTS_ANCHOR}`}>Show every subject</Link> : null}
        </p>
        <DataTable {...packTable(subjects)} exportAs={SUMMARY_TABLES.key("subjects")} />
      </section>
      <section id={DIFFER_ANCHOR} aria-labelledby={`${DIFFER_ANCHOR}-title`}>
        <h3 id={`${DIFFER_ANCHOR}-title`}>Signed and recomputed differ</h3>
        {differ.rows.length === 0 ? (
          <p>No evaluable subject&apos;s signed best overall response differs from the recomputed one.</p>
        ) : (
          <DataTable {...packTable(differ)} exportAs={SUMMARY_TABLES.key("differ")} />
        )}
      </section>
      <section id={LEFT_OUT_ANCHOR} aria-labelledby={`${LEFT_OUT_ANCHOR}-title`}>
        <h3 id={`${LEFT_OUT_ANCHOR}-title`}>Left out of N</h3>
        <p>
          {leftOut.length === 0
            ? "Every subject is evaluable."
            : `${plural(leftOut.length, "subject")} left out: ${[...view.study.leftOutByReason]
                .map(([reason, n]) => `${n} ${reason}`)
                .join("; ")}.`}
        </p>
        {leftOut.length > 0 ? (
          <DataTable {...packTable(leftOutTable(view, links))} exportAs={SUMMARY_TABLES.key("left-out")} />
        ) : null}
      </section>
    </>
  );
}

/**
 * The summary's subjects: the listing a count of the table opens (`subjects=` in the URL; every subject
 * without it), the subjects whose signed and recomputed best overall responses differ, and the subjects left out
 * of N with the reason. Each is a DataTable of its own URL state; each subject opens its response page.
 */
import Link from "next/link";
import { DataTable } from "@/components/data-table/DataTable";
import { csvFileName } from "@/lib/export/csv";
import type { TumourResponseView } from "@/lib/study-views/load-tumour-response";
import { drillTitle, inDrill, type SubjectDrill } from "@/lib/study-views/response-drill";
import { plural } from "../study/notices";
import { DIFFER_ANCHOR, LEFT_OUT_ANCHOR, LEFT_OUT_PREFIX, SUBJECTS_ANCHOR } from "./response-links";
import {
  DIFFER_COLUMNS,
  differRows,
  LEFT_OUT_COLUMNS,
  leftOutRows,
  SUBJECT_COLUMNS,
  type SubjectLinks,
  subjectRows,
} from "./subject-rows";

const DIFFER_CAPTION = "Evaluable subjects whose best overall response as signed differs from the recomputed one";

export interface ResponseSubjectListsProps {
  view: TumourResponseView;
  study: string;
  drill: SubjectDrill | null;
  links: SubjectLinks;
  /** The summary without a choice of subjects. */
  allHref: string;
}

export function ResponseSubjectLists({ view, study, drill, links, allHref }: ResponseSubjectListsProps) {
  const listed = drill ? view.subjects.filter((s) => inDrill(s, drill)) : view.subjects;
  const title = drill ? drillTitle(drill) : "Every subject, evaluable or not";
  const differ = view.study.differ.map((id) => view.bySubject.get(id)!);
  const leftOut = leftOutRows(view.subjects, links);
  return (
    <>
      <section id={SUBJECTS_ANCHOR} aria-labelledby={`${SUBJECTS_ANCHOR}-title`}>
        <h3 id={`${SUBJECTS_ANCHOR}-title`}>Subjects</h3>
        <p>
          {title}: {plural(listed.length, "subject")}.{" "}
          {drill ? <Link href={`${allHref}#${SUBJECTS_ANCHOR}`}>Show every subject</Link> : null}
        </p>
        <DataTable
          caption={`${title} (${listed.length})`}
          columns={SUBJECT_COLUMNS}
          rows={subjectRows(listed, links)}
          fileName={csvFileName("tumour-response-subjects", study)}
          urlPrefix="sl_"
        />
      </section>
      <section id={DIFFER_ANCHOR} aria-labelledby={`${DIFFER_ANCHOR}-title`}>
        <h3 id={`${DIFFER_ANCHOR}-title`}>Signed and recomputed differ</h3>
        {differ.length === 0 ? (
          <p>No evaluable subject&apos;s signed best overall response differs from the recomputed one.</p>
        ) : (
          <DataTable
            caption={`${DIFFER_CAPTION} (${differ.length})`}
            columns={DIFFER_COLUMNS}
            rows={differRows(differ, links)}
            fileName={csvFileName("tumour-response-differences", study)}
            urlPrefix="df_"
          />
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
          <DataTable
            caption={`Subjects left out of N, with the reason (${leftOut.length})`}
            columns={LEFT_OUT_COLUMNS}
            rows={leftOut}
            fileName={csvFileName("tumour-response-left-out", study)}
            urlPrefix={LEFT_OUT_PREFIX}
          />
        ) : null}
      </section>
    </>
  );
}

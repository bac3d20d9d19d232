/**
 * The subject's adverse events, medications and response assessments as
 * tables (each its own URL state, by prefix: ../query.ts); the
 * timeline opens a record by filtering its table. A study without response
 * assessments (no imaging) shows no response content at all. The rows are
 * made once per subject (the profile's memo).
 */
import Link from "next/link";
import type { ReactNode } from "react";
import { responseSubjectHref } from "@/sections/frame/addresses";
import { RecordsTable } from "@/sections/frame/ui/RecordsTable";
import type { SubjectProfile } from "../load";
import { RECORD_TABLES } from "../query";
import { RECORD_TABLE_ID, RECORD_TITLE, type RecordKind, recordTable, SUBJECT_PROFILE_TABLES } from "../tables";

export function SubjectRecordTables({ view, studyHref }: { view: SubjectProfile; studyHref: string }) {
  const id = view.subject.subjectId;
  return (
    <>
      <RecordTable view={view} kind="adverseEvents" studyHref={studyHref} />
      <RecordTable view={view} kind="medications" studyHref={studyHref} />
      {view.studyHasAssessments ? (
        <RecordTable
          view={view}
          kind="assessments"
          studyHref={studyHref}
          intro={
            <p>
              Each assessment ID opens it on the subject&apos;s{" "}
              <Link href={responseSubjectHref(studyHref, id)}>tumour response page</Link>: every assessment recomputed
              from its lesions beside the signed values, and every lesion.
            </p>
          }
        />
      ) : null}
    </>
  );
}

interface RecordTableProps {
  view: SubjectProfile;
  kind: RecordKind;
  studyHref: string;
  /** Words between the heading and the table. */
  intro?: ReactNode;
}

/** One kind of the subject's records: a heading the timeline scrolls to, and the table or a word that it is empty. */
function RecordTable({ view, kind, studyHref, intro }: RecordTableProps) {
  const { anchor } = RECORD_TABLES[kind];
  const title = RECORD_TITLE[kind];
  const table = recordTable(view, kind, studyHref);
  return (
    <section id={anchor} aria-labelledby={`${anchor}-title`}>
      <h3 id={`${anchor}-title`}>{title}</h3>
      {table.rows.length > 0 ? intro : null}
      {table.rows.length === 0 ? (
        <p>The partner sent no {title.toLowerCase()} for this subject.</p>
      ) : (
        <RecordsTable table={table} exportAs={SUBJECT_PROFILE_TABLES.key(RECORD_TABLE_ID[kind])} />
      )}
    </section>
  );
}

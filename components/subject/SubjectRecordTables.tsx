/**
 * The subject's adverse events, medications and response assessments as
 * tables (each its own URL state, by prefix); the timeline opens a record by
 * filtering its table. A study without response assessments (no imaging)
 * shows no response content at all. The rows are made once per subject
 * (the profile's memo).
 */
import Link from "next/link";
import type { ReactNode } from "react";
import { DataTable } from "@/components/data-table/DataTable";
import { csvFileName } from "@/lib/export/csv";
import type { SubjectProfile } from "@/lib/study-views/load-subject-profile";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { responseAssessmentHref, responseSubjectHref } from "../study/sections";
import { aeRows, assessmentRows, medicationRows } from "./record-rows";
import { AE_COLUMNS, ASSESSMENT_COLUMNS, MEDICATION_COLUMNS, RECORD_TABLES } from "./record-tables";

export function SubjectRecordTables({
  view,
  study,
  studyHref,
}: {
  view: SubjectProfile;
  study: string;
  studyHref: string;
}) {
  const reference = view.reference?.date ?? null;
  const subject = { id: view.subject.subjectId, study };
  // The links are added per request: the memo is shared by every connection to the partner, each its own address.
  const assessments = view
    .memo("assessment rows", () => assessmentRows(view.assessments, reference))
    .map((r) => ({ ...r, responseHref: responseAssessmentHref(studyHref, subject.id, String(r.key)) }));
  return (
    <>
      <RecordTable
        {...RECORD_TABLES.adverseEvents}
        title="Adverse events"
        subject={subject}
        columns={AE_COLUMNS}
        rows={view.memo("adverse-event rows", () => aeRows(view.adverseEvents, reference))}
      />
      <RecordTable
        {...RECORD_TABLES.medications}
        title="Medications"
        subject={subject}
        columns={MEDICATION_COLUMNS}
        rows={view.memo("medication rows", () => medicationRows(view.medications, view.products, reference))}
      />
      {view.studyHasAssessments ? (
        <RecordTable
          {...RECORD_TABLES.assessments}
          title="Response assessments"
          subject={subject}
          columns={ASSESSMENT_COLUMNS}
          rows={assessments}
          intro={
            <p>
              Each assessment ID opens it on the subject&apos;s{" "}
              <Link href={responseSubjectHref(studyHref, subject.id)}>tumour response page</Link>: every assessment
              recomputed from its lesions beside the signed values, and every lesion.
            </p>
          }
        />
      ) : null}
    </>
  );
}

interface RecordTableProps {
  anchor: string;
  prefix: string;
  title: string;
  subject: { id: string; study: string };
  columns: DataColumn[];
  rows: DataRow[];
  /** Words between the heading and the table. */
  intro?: ReactNode;
}

/** One kind of the subject's records: a heading the timeline scrolls to, and the table or a word that it is empty. */
function RecordTable({ anchor, prefix, title, subject, columns, rows, intro }: RecordTableProps) {
  return (
    <section id={anchor} aria-labelledby={`${anchor}-title`}>
      <h3 id={`${anchor}-title`}>{title}</h3>
      {rows.length > 0 ? intro : null}
      {rows.length === 0 ? (
        <p>The partner sent no {title.toLowerCase()} for this subject.</p>
      ) : (
        <DataTable
          caption={`${title} of subject ${subject.id} (${rows.length})`}
          columns={columns}
          rows={rows}
          fileName={csvFileName(title.toLowerCase(), subject.study, subject.id)}
          urlPrefix={prefix}
        />
      )}
    </section>
  );
}

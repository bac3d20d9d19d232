/**
 * The findings as a table (in the browser: a study has a few findings per rule, not thousands), each record a
 * link to where it is listed, with a CSV of exactly the rows the table's filters keep.
 */
import { DataTable } from "@/components/data-table/DataTable";
import { subjectHref } from "@/components/study/sections";
import { type Finding, ruleOf } from "@/lib/clinical/checks/finding";
import { csvFileName } from "@/lib/export/csv";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { assessmentsHref, recordHref } from "./checks-links";

const COLUMNS: DataColumn[] = [
  { id: "rule", header: "Rule" },
  { id: "subject", header: "Subject", href: "subject_href" },
  { id: "date", header: "Date" },
  { id: "record", header: "Record", href: "record_href" },
  { id: "others", header: "Other records", href: "others_href" },
  { id: "found", header: "Found" },
  { id: "expected", header: "Expected" },
];

/** The table's URL parameters, apart from the section's own `rule` and `subject`. */
export const FINDINGS_PREFIX = "fd_";

/**
 * The other records' link: the one place they all are (the lesions of one assessment, a second assessment), else
 * the subject's assessments (several assessments of one subject).
 */
function othersHref(studyHref: string, f: Finding): string | null {
  const places = new Set(f.records.slice(1).map((r) => recordHref(studyHref, f.subjectId, r)));
  if (places.size === 1) return [...places][0];
  return places.size > 1 && f.subjectId !== null ? assessmentsHref(studyHref, f.subjectId) : null;
}

export function findingRows(findings: readonly Finding[], studyHref: string): DataRow[] {
  return findings.map((f) => ({
    rule: ruleOf(f.rule).title,
    subject: f.subjectId,
    subject_href: f.subjectId === null ? null : subjectHref(studyHref, f.subjectId),
    date: f.date,
    record: f.records[0]?.key ?? null,
    record_href: f.records[0] ? recordHref(studyHref, f.subjectId, f.records[0]) : null,
    others:
      f.records.length > 1
        ? f.records
            .slice(1)
            .map((r) => r.key)
            .join(", ")
        : null,
    others_href: othersHref(studyHref, f),
    found: f.found,
    expected: f.expected,
  }));
}

interface Props {
  findings: readonly Finding[];
  studyHref: string;
  caption: string;
  /** Parts of the CSV file's name. */
  fileParts: string[];
}

export function FindingsTable({ findings, studyHref, caption, fileParts }: Props) {
  return (
    <DataTable
      caption={caption}
      columns={COLUMNS}
      rows={findingRows(findings, studyHref)}
      fileName={csvFileName(...fileParts)}
      urlPrefix={FINDINGS_PREFIX}
    />
  );
}

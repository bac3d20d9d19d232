/**
 * The findings as the page's table shows them and its export writes them: each record a link to where it is
 * listed; and the count of findings per rule (./ui/RuleCounts.tsx).
 */

import { type Finding, ruleOf } from "@/lib/clinical/checks/finding";
import type { TableColumn } from "@/lib/tables/server-table";
import type { PlainTable, TableDef } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { subjectHref } from "@/sections/frame/addresses";
import { exportKeys } from "@/sections/frame/export-keys";
import type { DataChecksView } from "./load";
import { assessmentsHref, FINDINGS_PREFIX, recordHref } from "./query";

/** The section's exportable tables. */
export const DATA_CHECK_TABLES = exportKeys("data-checks", ["findings", "rules"]);

const COLUMNS: DataColumn[] = [
  { id: "rule", header: "Rule" },
  { id: "subject", header: "Subject", href: "subject_href" },
  { id: "date", header: "Date" },
  { id: "record", header: "Record", href: "record_href" },
  { id: "others", header: "Other records", href: "others_href" },
  { id: "found", header: "Found" },
  { id: "expected", header: "Expected" },
];

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

/** The findings the view's filters keep, with the caption that names the filters. */
export function findingsTable(view: DataChecksView, studyHref: string, study: string): PlainTable {
  const { rule, subject } = view.filter;
  const chosen = [...(rule ? [`rule "${ruleOf(rule).title}"`] : []), ...(subject ? [`subject ${subject}`] : [])];
  return {
    caption: `Findings of study ${study}${chosen.length ? `: ${chosen.join(", ")}` : ""}`,
    columns: COLUMNS,
    rows: findingRows(view.findings, studyHref),
    urlPrefix: FINDINGS_PREFIX,
  };
}

type RuleCount = DataChecksView["counts"][number];

export const ruleCountsCaption = (view: DataChecksView, study: string) =>
  `Findings per rule in study ${study}: ${view.total} in all`;

/** Whether a rule applies: the RECIST 1.1 rules do not to a study without response assessments. */
export const ruleApplies = (view: DataChecksView, c: RuleCount) =>
  view.recistApplies || ruleOf(c.rule).family !== "response";

export function ruleCountsDef(view: DataChecksView): TableDef<RuleCount> {
  const columns: TableColumn<RuleCount>[] = [
    { id: "rule", header: "Rule", value: (c) => ruleOf(c.rule).title },
    { id: "text", header: "What it checks", value: (c) => ruleOf(c.rule).text },
    {
      id: "findings",
      header: "Findings",
      type: "number",
      value: (c) => (ruleApplies(view, c) ? c.findings : "does not apply"),
    },
    { id: "subjects", header: "Subjects", type: "number", value: (c) => (ruleApplies(view, c) ? c.subjects : null) },
  ];
  return { columns, rows: view.counts };
}

/**
 * The findings as the page's table shows them and its export writes them: each record a link to where it is
 * listed; and the count of findings per rule that applies to the study, the others named in one line
 * (./ui/RuleCounts.tsx).
 */

import { type Finding, ruleOf } from "@/lib/clinical/checks/finding";
import { utcDateTimeWords } from "@/lib/clinical/common/date-time";
import type { TableColumn } from "@/lib/tables/server-table";
import type { PlainTable, TableDef } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { subjectHref } from "@/sections/frame/addresses";
import { exportKeys } from "@/sections/frame/export-keys";
import { FINDING_STATUS_WORDS, type FindingReview, type ReviewedChecksView, threadsWords } from "./finding-review";
import type { DataChecksView } from "./load";
import { assessmentsHref, FINDINGS_PREFIX, recordHref } from "./query";

/** The section's exportable tables. */
export const DATA_CHECK_TABLES = exportKeys("data-checks", ["findings", "rules"]);

const COLUMNS: DataColumn[] = [
  { id: "rule", header: "Rule" },
  { id: "subject", header: "Subject", href: "subject_href", nowrap: true },
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

/** The row properties of the status column's button: mark the finding seen, or take the mark away. */
export const SEEN_PROPS = { label: "status__label", argument: "status__argument", name: "status__name" } as const;

/** The user's review of each finding, first (docs/review.md, Data-check findings); its button where it can mark. */
const reviewColumns = (canMark: boolean): DataColumn[] => [
  {
    id: "status",
    header: "Your review",
    choices: Object.values(FINDING_STATUS_WORDS),
    ...(canMark ? { actions: [SEEN_PROPS] } : {}),
  },
  { id: "first_found", header: "First found" },
  { id: "comments", header: "Comments" },
];

/** The button's argument: the act and the finding's key (hex digits: no ":" in it). */
export const seenArgument = (act: "seen" | "unseen", key: string) => `${act}:${key}`;

/** "28 Nov 2026, 10:05 UTC", "... or earlier" where it was found at the organisation's first check. */
const firstFoundWords = (f: FindingReview["findings"][number]) =>
  f.firstFound === null
    ? null
    : `${utcDateTimeWords(f.firstFound.at)} UTC${f.firstFound.firstCheck ? " or earlier" : ""}`;

function reviewCells(finding: Finding, review: FindingReview | undefined, i: number, canMark: boolean): DataRow {
  const f = review?.findings[i];
  if (!review || !f) return {};
  const cells = { status: FINDING_STATUS_WORDS[f.status], first_found: firstFoundWords(f), comments: threadsWords(f) };
  if (!canMark) return cells;
  const act = f.status === "seen" ? "unseen" : "seen";
  // A short word beside the status, so that the cell stays one line; its name for screen readers says all.
  const record = finding.records[0]?.key ?? finding.subjectId ?? "the study";
  const label = act === "seen" ? "Mark seen" : "Unmark";
  return {
    ...cells,
    [SEEN_PROPS.label]: label,
    [SEEN_PROPS.argument]: seenArgument(act, f.key),
    [SEEN_PROPS.name]: `${label}: finding "${ruleOf(finding.rule).title}" on ${record}`,
  };
}

/** The findings' rows; `canMark`: each with its button to mark it seen (the page of the latest data). */
export function findingRows(
  findings: readonly Finding[],
  studyHref: string,
  review?: FindingReview,
  canMark = false,
): DataRow[] {
  return findings.map((f, i) => ({
    ...reviewCells(f, review, i, canMark),
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

/**
 * The findings the view's filters keep, with the caption that names the filters; `canMark`: with the buttons that
 * mark them seen (the page of the latest data; never a file).
 */
export function findingsTable(view: ReviewedChecksView, studyHref: string, study: string, canMark = false): PlainTable {
  const { rule, subject } = view.filter;
  const chosen = [...(rule ? [`rule "${ruleOf(rule).title}"`] : []), ...(subject ? [`subject ${subject}`] : [])];
  return {
    caption: `Findings of study ${study}${chosen.length ? `: ${chosen.join(", ")}` : ""}`,
    columns: view.review ? [...reviewColumns(canMark), ...COLUMNS] : COLUMNS,
    rows: findingRows(view.findings, studyHref, view.review, canMark),
    urlPrefix: FINDINGS_PREFIX,
  };
}

type RuleCount = DataChecksView["counts"][number];

/** Whether a rule applies: the RECIST 1.1 rules do not to a study without response assessments. */
export const ruleApplies = (view: DataChecksView, c: RuleCount) =>
  view.recistApplies || ruleOf(c.rule).family !== "response";

/** The counts of the rules that apply to the study: the only ones its table lists. */
export const applyingCounts = (view: DataChecksView) => view.counts.filter((c) => ruleApplies(view, c));

/** The rules that do not apply to the study, in the rules' order. */
export const rulesNotApplying = (view: DataChecksView) =>
  view.counts.filter((c) => !ruleApplies(view, c)).map((c) => ruleOf(c.rule));

const checks = (n: number) => (n === 1 ? "1 check does" : `${n} checks do`);

export function ruleCountsCaption(view: DataChecksView, study: string): string {
  const n = rulesNotApplying(view).length;
  return `Findings per rule in study ${study}: ${view.total} in all${n ? `; ${checks(n)} not apply` : ""}`;
}

/**
 * The rules that do not apply, in one line rather than a row each: why, and which. Null when every rule applies
 * (only the RECIST 1.1 rules can fail to: a study without response assessments).
 */
export function notApplyingLine(view: DataChecksView, study: string): string | null {
  const rules = rulesNotApplying(view);
  if (rules.length === 0) return null;
  return (
    `${checks(rules.length)} not apply: study ${study} sends no response assessments, which the RECIST 1.1 checks ` +
    `read (${rules.map((r) => r.title).join("; ")}). The adverse-event and laboratory checks apply.`
  );
}

export function ruleCountsDef(view: DataChecksView): TableDef<RuleCount> {
  const columns: TableColumn<RuleCount>[] = [
    { id: "rule", header: "Rule", value: (c) => ruleOf(c.rule).title },
    { id: "text", header: "What it checks", value: (c) => ruleOf(c.rule).text },
    { id: "findings", header: "Findings", type: "number", value: (c) => c.findings },
    { id: "subjects", header: "Subjects", type: "number", value: (c) => c.subjects },
  ];
  return { columns, rows: applyingCounts(view) };
}

/**
 * The study overview's tables (docs/review.md, The study overview), page and export alike: the user's review
 * progress by record type, test and subject, and every reviewer's. Each count of records opens them: a listing
 * filtered to that status where the record type has one, else the overview's table that leads on.
 */

import { utcDateTimeWords } from "@/lib/clinical/common/date-time";
import { threadWords } from "@/lib/review/comments-column";
import type { ThreadSummary } from "@/lib/review/comments-store";
import { type ReviewStatus, STATUS_WORDS } from "@/lib/review/record-type-review";
import type { StatusCounts } from "@/lib/review/review-counts";
import type { TableColumn } from "@/lib/tables/server-table";
import type { TableDef } from "@/lib/tables/table-def";
import { subjectHref } from "@/sections/frame/addresses";
import { exportKeys } from "@/sections/frame/export-keys";
import { recordTypeLabel } from "@/sections/frame/record-type-labels";
import { recordHref } from "@/sections/frame/study-changes";
import type { OverviewView } from "./load";
import type { ReviewerProgress, SubjectProgress, TypeProgress } from "./progress";
import { LEADS_ON, typeHref } from "./progress-hrefs";

export const OVERVIEW_TABLES = exportKeys("overview", [
  "signals",
  "comments",
  "types",
  "tests",
  "visits",
  "subjects",
  "reviewers",
  "report",
]);

/** Where the overview's tables are, and their URL prefixes. */
export const OVERVIEW_PLACES = {
  comments: { anchor: "open-comments", prefix: "oc_" },
  signals: { anchor: "safety-signals", prefix: "sg_" },
  tests: { anchor: LEADS_ON.tests, prefix: "rt_" },
  visits: { anchor: "review-visits", prefix: "rv_" },
  subjects: { anchor: LEADS_ON.subjects, prefix: "rs_" },
  reviewers: { anchor: "reviewers", prefix: "rr_" },
  report: { anchor: "review-report", prefix: "rp_" },
  findings: { anchor: "new-findings", prefix: "nf_" },
} as const;

const STATUSES: readonly ReviewStatus[] = ["not-reviewed", "changed", "reviewed"];

/** Ten rows at first: the overview is read at a glance, a table's pager gives the rest. */
export const PAGE_SIZES = [10, 50, 100];

export function statusColumns<R>(
  counts: (row: R) => StatusCounts,
  link: (row: R, status: ReviewStatus) => string | null,
): TableColumn<R>[] {
  return STATUSES.map((status) => ({
    id: status === "not-reviewed" ? "open" : status,
    header: STATUS_WORDS[status],
    type: "number" as const,
    value: (row: R) => counts(row)[status],
    link: (row: R) => (counts(row)[status] > 0 ? link(row, status) : null),
  }));
}

const shareReviewed = (c: StatusCounts) => {
  const all = c["not-reviewed"] + c.changed + c.reviewed;
  return all === 0 ? null : Math.floor((c.reviewed / all) * 100);
};

export function typesDef(view: OverviewView, studyHref: string): TableDef<TypeProgress> {
  const columns: TableColumn<TypeProgress>[] = [
    { id: "type", header: "Record type", value: (t) => recordTypeLabel(t.recordType) },
    ...statusColumns<TypeProgress>(
      (t) => t.counts,
      (t, status) => typeHref(studyHref, t.recordType, status),
    ),
    { id: "share", header: "Reviewed (%)", type: "number", value: (t) => shareReviewed(t.counts) },
    { id: "unmarkable", header: "Cannot be marked", type: "number", value: (t) => t.unmarkable },
  ];
  return { columns, rows: view.types, state: { columns: columns.map((c) => c.id), pageSizes: [10], prefix: "ry_" } };
}

export const typesCaption = (study: string) => `Your review of study ${study} by record type`;

export function subjectsDef(view: OverviewView, studyHref: string): TableDef<SubjectProgress> {
  const columns: TableColumn<SubjectProgress>[] = [
    {
      id: "subject",
      header: "Subject",
      nowrap: true,
      value: (s) => s.subjectId,
      link: (s) => subjectHref(studyHref, s.subjectId),
    },
    ...statusColumns<SubjectProgress>(
      (s) => s.counts,
      (s) => subjectHref(studyHref, s.subjectId),
    ),
    { id: "share", header: "Reviewed (%)", type: "number", value: (s) => shareReviewed(s.counts) },
  ];
  return {
    columns,
    rows: view.subjects,
    state: {
      columns: columns.map((c) => c.id),
      pageSizes: PAGE_SIZES,
      prefix: OVERVIEW_PLACES.subjects.prefix,
    },
  };
}

export const subjectsCaption = (study: string) => `Your review of study ${study} by subject`;

export function reviewersDef(view: OverviewView): TableDef<ReviewerProgress> {
  const types = view.types.map((t) => t.recordType);
  const columns: TableColumn<ReviewerProgress>[] = [
    { id: "reviewer", header: "Reviewer", value: (r) => (r.you ? `${r.name} (you)` : r.name) },
    { id: "reviewed", header: "Reviewed", type: "number", value: (r) => r.reviewed },
    { id: "changed", header: STATUS_WORDS.changed, type: "number", value: (r) => r.changed },
    ...types.map(
      (type): TableColumn<ReviewerProgress> => ({
        id: `type_${type.replace(/[^A-Za-z]/g, "")}`,
        header: `${recordTypeLabel(type)} reviewed`,
        type: "number",
        value: (r) => r.byType[type]?.reviewed ?? 0,
      }),
    ),
  ];
  return {
    columns,
    rows: view.reviewers,
    state: {
      columns: columns.map((c) => c.id),
      pageSizes: PAGE_SIZES,
      prefix: OVERVIEW_PLACES.reviewers.prefix,
    },
  };
}

export const reviewersCaption = (study: string) =>
  `Reviewers of study ${study} in your organisation: records reviewed by each`;

/** The open threads of comments, each opening its record (an adverse event's row, an assessment's, a subject). */
export function commentsDef(view: OverviewView, studyHref: string): TableDef<ThreadSummary> {
  const columns: TableColumn<ThreadSummary>[] = [
    { id: "type", header: "Record type", value: (t) => recordTypeLabel(t.recordType) },
    { id: "record", header: "Record", nowrap: true, value: (t) => t.key, link: (t) => recordHref(studyHref, t) },
    {
      id: "subject",
      header: "Subject",
      nowrap: true,
      value: (t) => t.subjectId,
      link: (t) => (t.subjectId === null ? null : subjectHref(studyHref, t.subjectId)),
    },
    { id: "comments", header: "Comments", value: threadWords },
    { id: "updated", header: "Last written (UTC)", value: (t) => utcDateTimeWords(Date.parse(t.updatedAt)) },
  ];
  return {
    columns,
    rows: view.comments,
    state: { columns: columns.map((c) => c.id), pageSizes: PAGE_SIZES, prefix: OVERVIEW_PLACES.comments.prefix },
  };
}

export const commentsCaption = (study: string, count: number) =>
  `Open comments on records of study ${study} in your organisation (${count.toLocaleString("en")})`;

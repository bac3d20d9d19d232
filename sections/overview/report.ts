/**
 * The review report of a study (docs/review.md, The review report): every record of the record types reviewed, one
 * row each, with the reader's review status, every reviewer of the organisation who marked it (their status and
 * when), the latest mark's time, and its thread of comments (how many, open or resolved, the last comment). Written
 * by the export jobs as CSV or Excel, whose About sheet names the study snapshot the rows are (its fingerprint).
 */
import { utcDateTimeWords } from "@/lib/clinical/common/date-time";
import { STATUS_WORDS } from "@/lib/review/record-type-review";
import { recordKeyOf } from "@/lib/snapshots/changes";
import type { UserStudy } from "@/lib/study/open-user-study";
import type { TableColumn } from "@/lib/tables/server-table";
import type { TableDef } from "@/lib/tables/table-def";
import { recordTypeLabel } from "@/sections/frame/record-type-labels";
import { REVIEWED_TYPES, type ReviewedType } from "./progress";
import { OVERVIEW_PLACES, PAGE_SIZES } from "./tables";

/** One record of the report: its record type's part, and its row as the study serves it. */
interface ReportRow {
  part: ReportPart;
  row: Record<string, unknown>;
}

/** What the report knows of one record type: the reader's and every reviewer's marks, and its threads. */
interface ReportPart {
  recordType: ReviewedType;
  mine: (key: string | null) => string;
  others: (key: string) => { words: string; at: string | null };
  thread: (key: string) => { state: string; last: string } | undefined;
}

const at = (iso: string) => `${utcDateTimeWords(iso)} UTC`;

async function partOf(study: UserStudy, recordType: ReviewedType, threads: ThreadsByKey): Promise<ReportPart> {
  const [mine, reviewers] = await Promise.all([study.review.of(recordType), study.review.reviewers(recordType)]);
  return {
    recordType,
    mine: (key) => {
      const status = mine.status(key);
      return status === null ? "Cannot be marked" : STATUS_WORDS[status];
    },
    others: (key) => {
      let latest: string | null = null;
      const words: string[] = [];
      for (const r of reviewers) {
        const status = r.review.status(key);
        const mark = r.review.markOf(key);
        if (!mark || status === null || status === "not-reviewed") continue;
        words.push(`${r.name}: ${STATUS_WORDS[status].toLowerCase()}, ${at(mark.at)}`);
        if (latest === null || mark.at > latest) latest = mark.at;
      }
      return { words: words.join("; "), at: latest };
    },
    thread: (key) => threads.get(`${recordType}\u0000${key}`),
  };
}

type ThreadsByKey = Map<string, { state: string; last: string }>;

/** The organisation's threads of the study by record type and key, with their last comment in words. */
async function threadsOf(study: UserStudy): Promise<ThreadsByKey> {
  const [threads, last] = await Promise.all([study.review.threads(), study.review.lastComments()]);
  return new Map(
    threads.map((t) => {
      const c = last.get(t.id);
      const state = `${t.comments} ${t.comments === 1 ? "comment" : "comments"}, ${t.resolved ? "resolved" : "open"}`;
      return [`${t.recordType}\u0000${t.key}`, { state, last: c ? `${c.author}, ${at(c.at)}: ${c.body}` : "" }];
    }),
  );
}

const keyOf = (r: ReportRow) => recordKeyOf(r.part.recordType, r.row);

export const REPORT_COLUMNS: readonly TableColumn<ReportRow>[] = [
  { id: "type", header: "Record type", value: (r) => recordTypeLabel(r.part.recordType) },
  { id: "subject", header: "Subject", nowrap: true, value: (r) => (r.row.subjectId as string | undefined) ?? null },
  { id: "record", header: "Record", nowrap: true, value: keyOf },
  { id: "yours", header: "Your review", value: (r) => r.part.mine(keyOf(r)) },
  { id: "reviewers", header: "Reviewed by", value: (r) => nonEmpty(withKey(r, (k) => r.part.others(k).words)) },
  { id: "last", header: "Last reviewed", value: (r) => withKey(r, (k) => whenOf(r.part.others(k).at)) },
  { id: "comments", header: "Comments", value: (r) => withKey(r, (k) => r.part.thread(k)?.state ?? null) },
  { id: "lastComment", header: "Last comment", value: (r) => withKey(r, (k) => r.part.thread(k)?.last ?? null) },
];

const withKey = <T>(r: ReportRow, f: (key: string) => T): T | null => {
  const key = keyOf(r);
  return key === null ? null : f(key);
};
const nonEmpty = (s: string | null) => (s === "" ? null : s);
const whenOf = (iso: string | null) => (iso === null ? null : at(iso));

/** Every record of the reviewed record types, in their order, with what the organisation's review says of it. */
export async function reviewReportDef(study: UserStudy): Promise<TableDef<ReportRow>> {
  const threads = await threadsOf(study);
  const parts = await Promise.all(REVIEWED_TYPES.map((t) => partOf(study, t, threads)));
  const loads = await Promise.all(REVIEWED_TYPES.map((t) => study.rows(t)));
  const rows: ReportRow[] = parts.flatMap((part, i) =>
    (loads[i].value.rows as unknown as readonly Record<string, unknown>[]).map((row) => ({ part, row })),
  );
  return {
    columns: REPORT_COLUMNS,
    rows,
    state: { columns: REPORT_COLUMNS.map((c) => c.id), pageSizes: PAGE_SIZES, prefix: OVERVIEW_PLACES.report.prefix },
  };
}

export const reviewReportTitle = (study: string) => `Review report of study ${study}`;

/**
 * What the swimmer plot draws, made on the server (docs/clinical-rules.md, Tumour response plots): one bar per
 * subject with a baseline, its length the time on study (days from day 1 to the last assessment), a marker
 * at each later assessment with its response (as signed or recomputed), and an arrow when the subject is still
 * being assessed; sorted by length or by BOR, SWIMMER_PAGE_SIZE bars a page.
 */

import { BOR_MEANING } from "@/components/data-table/abbreviations";
import { daysBetween } from "@/lib/clinical/common/dates";
import { dayOfResponse, type SubjectResponse } from "@/lib/clinical/response/subject-response";
import type { Response } from "@/lib/clinical/response/timepoint";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { responsePageAround } from "../addresses";
import { type ResponseQuery, SWIMMER_PAGE_SIZE, type SwimmerSort } from "../query";
import { borOf, responseAt } from "./plot-values";
import { RESPONSES } from "./response-look";

export const SWIMMER_ID = "swimmer";
export const swimmerTitle = (borName: string) =>
  `Swimmer plot: time on study and the response at each assessment (${borName}), one bar per subject`;

/**
 * Still being assessed: no progression, and the last assessment at most this many days before the study's
 * latest assessment (13 weeks: the longest usual interval between follow-ups, 71 days, with three weeks' grace).
 */
export const STILL_ASSESSED_DAYS = 91;

export interface SwimmerMark {
  day: number;
  response: Response;
  assessment: string;
  date: string;
}

export interface SwimmerBar {
  subjectId: string;
  days: number;
  bor: Response;
  stillAssessed: boolean;
  lastDate: string;
  responseDay: number | null;
  progressionDay: number | null;
  marks: SwimmerMark[];
}

export const SWIMMER_COLUMNS: DataColumn[] = [
  { id: "subject", header: "Subject ID", href: "subject__href", nowrap: true },
  { id: "days", header: "Time on study (days)", type: "number" },
  { id: "bor", header: "BOR", description: BOR_MEANING },
  { id: "response", header: "First response (day)", type: "number" },
  { id: "progression", header: "First progression (day)", type: "number" },
  { id: "ongoing", header: "Still being assessed" },
  { id: "marks", header: "Responses (day: response)" },
];

function barOf(s: SubjectResponse, latest: string, q: ResponseQuery): SwimmerBar {
  const after = s.assessments.slice(1);
  const lastDate = s.assessments.at(-1)?.row.date ?? "";
  const best = s[q.bor];
  return {
    subjectId: s.subjectId,
    days: s.timeOnStudy ?? 0,
    bor: borOf(s, q.bor),
    stillAssessed: best.progression === null && daysBetween(lastDate, latest) <= STILL_ASSESSED_DAYS,
    lastDate,
    responseDay: best.firstResponse?.day ?? null,
    progressionDay: best.progression?.day ?? null,
    marks: after.map((a) => ({
      day: dayOfResponse(s, a),
      response: responseAt(a, q.bor),
      assessment: a.row.key,
      date: a.row.date ?? "",
    })),
  };
}

/** A subject has a bar when it has a baseline (and so a time on study). */
export const hasBar = (s: SubjectResponse) => s.baseline !== null && s.timeOnStudy !== null;

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byLength = (a: SwimmerBar, b: SwimmerBar) => b.days - a.days || compareText(a.subjectId, b.subjectId);
const byBor = (a: SwimmerBar, b: SwimmerBar) => RESPONSES.indexOf(a.bor) - RESPONSES.indexOf(b.bor) || byLength(a, b);

export function swimmerData(
  subjects: readonly SubjectResponse[],
  where: { studyHref: string; query: ResponseQuery; sort: SwimmerSort; page: number },
) {
  const { studyHref, query, sort } = where;
  const placed = subjects.filter(hasBar);
  // The study's latest assessment: "recent" is judged against the data, not against today.
  let latest = "";
  for (const s of placed) {
    const d = s.assessments.at(-1)?.row.date ?? "";
    if (d > latest) latest = d;
  }
  const all = placed.map((s) => barOf(s, latest, query)).sort(sort === "bor" ? byBor : byLength);
  const pages = Math.max(1, Math.ceil(all.length / SWIMMER_PAGE_SIZE));
  const page = Math.min(where.page, pages);
  const bars = all.slice((page - 1) * SWIMMER_PAGE_SIZE, page * SWIMMER_PAGE_SIZE);
  return {
    /** The page's bars; the data table has a row for each (swimmerRow, made where the table is). */
    bars,
    /** A subject's response page around its ID: the rows' links and what a click on a bar opens. */
    subjectAround: responsePageAround(studyHref, query),
    total: all.length,
    first: bars.length ? (page - 1) * SWIMMER_PAGE_SIZE + 1 : 0,
    page,
    pages,
    latest,
    maxDays: all.reduce((m, b) => Math.max(m, b.days), 0),
    /** The earliest marker's day: below 0 when an assessment came before the first dose (day 1). */
    minDay: all.reduce((m, b) => Math.min(m, b.marks[0]?.day ?? 0), 0),
    noBaseline: subjects.length - placed.length,
  };
}

export type SwimmerData = ReturnType<typeof swimmerData>;

/** A bar's row of the data table: its subject's part of the address of its response page (subjectAround the rest). */
export function swimmerRow(b: SwimmerBar): DataRow {
  return {
    subject: b.subjectId,
    subject__href: encodeURIComponent(b.subjectId),
    days: b.days,
    bor: b.bor,
    response: b.responseDay,
    progression: b.progressionDay,
    ongoing: b.stillAssessed ? "Yes" : "No",
    marks: b.marks.map((m) => `${m.day}: ${m.response}`).join("; "),
  };
}

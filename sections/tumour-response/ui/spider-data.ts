/**
 * What the spider plot draws, made on the server (docs/clinical-rules.md, Tumour response plots): per chosen subject,
 * a line of the percent change of the target sum from baseline (or from the nadir) against days since day 1 (the
 * baseline, or the first dose), from 0 % at baseline, with its progression and new lesions marked; at most
 * MAX_SPIDER_SUBJECTS lines and MAX_SPIDER_POINTS points. Without a choice in the URL, the subjects whose best change
 * is largest either way are drawn. An assessment without a known change has no point (counted).
 */
import { dayOfResponse, type SubjectResponse } from "@/lib/clinical/response/subject-response";
import type { Response } from "@/lib/clinical/response/timepoint";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { responsePageAround } from "../addresses";
import { MAX_SPIDER_POINTS, MAX_SPIDER_SUBJECTS, type ResponseQuery, type SpiderScale } from "../query";
import { borOf, dayAxis, oneDecimal, percentDomain, progressionOf, responseAt } from "./plot-values";

export const SPIDER_ID = "spider";
export const spiderTitle = (scale: SpiderScale, borName: string) =>
  `Spider plot: change in the target sum from ${scale} over time, one line per subject, BOR ${borName}`;

export interface SpiderPoint {
  subjectId: string;
  day: number;
  /** Percent change from baseline or nadir, to one decimal; 0 at baseline. */
  value: number;
  date: string;
  assessment: string;
  sum: number | null;
  /** The assessment's response as signed or recomputed (the BOR switch); null at baseline. */
  response: Response | null;
  progression: boolean;
  newLesion: boolean;
}

export interface SpiderLine {
  subjectId: string;
  bor: Response;
  points: SpiderPoint[];
}

export interface SpiderSubject {
  subjectId: string;
  bor: Response;
}

/** The data table's columns; `daysSince` the days column's title (DAYS_SINCE, ./plot-axes.ts). */
export function spiderColumns(scale: SpiderScale, daysSince: string): DataColumn[] {
  return [
    { id: "subject", header: "Subject ID", href: "subject__href", nowrap: true },
    { id: "day", header: daysSince, type: "number" },
    { id: "date", header: "Date" },
    { id: "assessment", header: "Assessment" },
    { id: "value", header: `% change from ${scale}`, type: "number" },
    { id: "sum", header: "Target sum (mm)", type: "number" },
    { id: "response", header: "Response" },
    { id: "marker", header: "Marker" },
  ];
}

/** A subject's line: baseline at 0, then every later assessment whose change is known. */
function lineOf(s: SubjectResponse, scale: SpiderScale, q: ResponseQuery) {
  const pd = progressionOf(s, q.bor)?.row.key;
  const points: SpiderPoint[] = [];
  let unknown = 0;
  for (const a of s.assessments) {
    const change = a.baseline ? 0 : scale === "nadir" ? a.percentFromNadir : a.percentFromBaseline;
    if (change === null) {
      unknown++;
      continue;
    }
    points.push({
      subjectId: s.subjectId,
      day: dayOfResponse(s, a),
      value: oneDecimal(change),
      date: a.row.date ?? "",
      assessment: a.row.key,
      sum: a.sum,
      response: a.baseline ? null : responseAt(a, q.bor),
      progression: a.row.key === pd,
      newLesion: a.newLesion,
    });
  }
  const line: SpiderLine = {
    subjectId: s.subjectId,
    bor: borOf(s, q.bor),
    points,
  };
  return { line, unknown };
}

/** A subject can be drawn when its baseline sum is known and above 0 and it has an assessment after baseline. */
export const drawable = (s: SubjectResponse) => (s.baselineSum ?? 0) > 0 && s.assessments.length > 1;

/** The default choice: the largest best change either way first (none known last), then subject ID. */
function byChange(a: SubjectResponse, b: SubjectResponse): number {
  const size = (s: SubjectResponse) => (s.bestPercent === null ? -1 : Math.abs(s.bestPercent));
  return size(b) - size(a) || (a.subjectId < b.subjectId ? -1 : a.subjectId > b.subjectId ? 1 : 0);
}

export function spiderData(
  subjects: readonly SubjectResponse[],
  where: { studyHref: string; query: ResponseQuery; scale: SpiderScale; asked: readonly string[] | null },
) {
  const { studyHref, query, scale, asked } = where;
  const candidates = subjects.filter(drawable);
  const byId = new Map(candidates.map((s) => [s.subjectId, s]));
  const wanted = asked
    ? asked.flatMap((id) => byId.get(id) ?? [])
    : [...candidates].sort(byChange).slice(0, MAX_SPIDER_SUBJECTS);
  const lines: SpiderLine[] = [];
  let points = 0;
  let unknown = 0;
  for (const s of wanted) {
    const { line, unknown: u } = lineOf(s, scale, query);
    // Lines are added whole while the points stay within the budget: a line is never cut short.
    if (points + line.points.length > MAX_SPIDER_POINTS) break;
    lines.push(line);
    points += line.points.length;
    unknown += u;
  }
  return {
    lines,
    /** The points drawn; the data table has a row for each (spiderRows, made where the table is). */
    points,
    /** A subject's response page around its ID: the rows' links and what a click on a line's point opens. */
    subjectAround: responsePageAround(studyHref, query),
    domain: percentDomain(lines.flatMap((l) => l.points.map((p) => p.value))),
    days: dayAxis(
      lines.reduce((m, l) => Math.max(m, l.points.at(-1)?.day ?? 0), 0),
      lines.reduce((m, l) => Math.min(m, l.points[0]?.day ?? 0), 0),
    ),
    /** Every subject that can be drawn, in subject ID order, for the legend's choice. */
    subjects: candidates.map((s): SpiderSubject => ({ subjectId: s.subjectId, bor: borOf(s, query.bor) })),
    /** Subjects asked for in the URL that cannot be drawn (not in the study, no baseline sum, nothing after it). */
    notFound: asked ? asked.length - wanted.length : 0,
    /** Chosen subjects left out to keep the points within MAX_SPIDER_POINTS. */
    overBudget: wanted.length - lines.length,
    unknown,
    cannotDraw: subjects.length - candidates.length,
  };
}

export type SpiderData = ReturnType<typeof spiderData>;

/** The data table's rows: one per point, holding its subject's part of the address of its response page. */
export const spiderRows = (lines: readonly SpiderLine[]): DataRow[] => lines.flatMap((l) => l.points.map(rowOf));

function rowOf(p: SpiderPoint): DataRow {
  const marker = [p.progression ? "progression" : "", p.newLesion ? "new lesion" : ""].filter(Boolean).join(", ");
  const { subjectId, day, date, assessment, value, sum } = p;
  const part = encodeURIComponent(subjectId);
  return { subject: subjectId, subject__href: part, day, date, assessment, value, sum, response: p.response, marker };
}

/**
 * The liver view's points as plain table rows, one per plotted subject: the
 * chart, its data table (and CSV) and the subject listing all read these, so
 * the numbers shown are exactly the numbers plotted. No server-only imports:
 * client components use it.
 */
import type { EdishParams, EdishPoint, Quadrant } from "@/lib/clinical/liver/edish";
import { QUADRANT_LABEL } from "@/lib/clinical/liver/edish";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { subjectHref } from "@/sections/frame/addresses";

/** The subject listing's heading, where a count's link leads (a plain module: the server makes the links). */
export const SUBJECTS_ANCHOR = "liver-subjects-title";

export interface LiverRow extends DataRow {
  subjectId: string;
  /**
   * The subject's part of the address of its profile with the chosen transaminase's trend open; liverAround() is
   * the rest, sent once for a thousand rows (DataColumn.hrefAround).
   */
  subject__href: string;
  quadrantKey: Quadrant;
  quadrant: string;
  x: number;
  y: number;
}

const concurrentText = (p: EdishPoint) =>
  p.concurrent === null ? "Unknown (a peak has no date)" : p.concurrent ? "Yes" : "No";

/** The address around each row's `subject__href`: the study's subject profiles. */
export const liverAround = (studyHref: string): readonly [string, string] => [subjectHref(studyHref, ""), ""];

export function liverRows(points: readonly EdishPoint[]): LiverRow[] {
  return points.map((p) => ({
    subjectId: p.subjectId,
    // The trend of the test the peak came from, by its name as sent: a partner may write ALT in words.
    subject__href: `${encodeURIComponent(p.subjectId)}?${new URLSearchParams({ trend: p.transaminase.test })}`,
    quadrantKey: p.quadrant,
    quadrant: QUADRANT_LABEL[p.quadrant],
    x: p.transaminase.timesUln,
    xValue: p.transaminase.value,
    xUln: p.transaminase.uln,
    xUnit: p.transaminase.unit,
    xDate: p.transaminase.date,
    y: p.bilirubin.timesUln,
    yValue: p.bilirubin.value,
    yUln: p.bilirubin.uln,
    yUnit: p.bilirubin.unit,
    yDate: p.bilirubin.date,
    daysApart: p.daysApart,
    concurrent: concurrentText(p),
  }));
}

export function liverColumns(params: EdishParams): DataColumn[] {
  const t = params.transaminase;
  return [
    { id: "subjectId", header: "Subject ID", href: "subject__href" },
    { id: "quadrant", header: "Quadrant" },
    { id: "x", header: `Peak ${t} (×ULN)`, type: "number" },
    { id: "xValue", header: `${t} result`, type: "number" },
    { id: "xUln", header: `${t} ULN`, type: "number" },
    { id: "xUnit", header: `${t} unit` },
    { id: "xDate", header: `${t} peak date` },
    { id: "y", header: "Peak total bilirubin (×ULN)", type: "number" },
    { id: "yValue", header: "Bilirubin result", type: "number" },
    { id: "yUln", header: "Bilirubin ULN", type: "number" },
    { id: "yUnit", header: "Bilirubin unit" },
    { id: "yDate", header: "Bilirubin peak date" },
    { id: "daysApart", header: `Days from ${t} peak to bilirubin peak`, type: "number" },
    { id: "concurrent", header: `Concurrent (within ${params.concurrentDays} days)` },
  ];
}

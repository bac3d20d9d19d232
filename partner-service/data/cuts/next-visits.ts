/**
 * The visits of the next data cut: each subject still on study comes back four weeks after their latest visit, gets
 * a scan six weeks after their last where one is due, and one subject stops with an End of Treatment visit.
 */
import type { CutContext } from "./cut-context";
import type { CutEvent } from "./cut-log";
import type { Row } from "./cut-rows";
import { dateOf, daysBetween, nearbyValue, shiftDays } from "./cut-values";
import { mayRepeat, repeatScan } from "./repeat-scan";
import { END_OF_TREATMENT, servedAssessments, studyDrugRows, visitRows, visitsOf } from "./study-state";

/** The label of the visit after `label` in the schedule, or null when the schedule does not say. */
export function nextVisitLabel(label: string): string | null {
  const cycle = /^Cycle (\d+) Day 1$/.exec(label);
  if (cycle) return `Cycle ${Number(cycle[1]) + 1} Day 1`;
  const week = /^Week (\d+)$/.exec(label);
  if (week) return `Week ${Number(week[1]) + 4}`;
  return label === "Day 1" ? "Week 4" : null;
}

/** A copy of the subject's latest visit `days` later under another label, with new IDs and nearby results. */
function repeatVisit(
  ctx: CutContext,
  subject: string,
  from: string,
  label: string,
  days: number,
  event: CutEvent,
): void {
  for (const { table, row } of visitRows(ctx.db, subject, from)) {
    const copy: Row = {
      ...row,
      id: ctx.ids.guid(),
      visit: label,
      collected_at: shiftDays(String(row.collected_at), days),
      issued: shiftDays(String(row.issued), days),
      value: nearbyValue(row, ctx.rng),
    };
    ctx.draft.added(table, copy, ctx.orders.take(table), event);
  }
}

export function newVisits(ctx: CutContext, subjects: string[], recist: boolean): void {
  for (const subject of subjects) {
    const visits = visitsOf(ctx.db, subject);
    const latest = visits[visits.length - 1];
    const label = latest && visits.length >= 2 ? nextVisitLabel(latest.label) : null;
    if (!label) continue;
    repeatVisit(ctx, subject, latest.label, label, 28, "new visit");
    const served = recist ? servedAssessments(ctx.db, subject) : [];
    const last = served[served.length - 1];
    if (last && mayRepeat(ctx, last) && daysBetween(String(last.row.effective_at), latest.at) + 28 >= 35)
      repeatScan(ctx, served);
  }
}

/** One subject stops: an End of Treatment visit ten days after their latest, and their open dose ends. */
export function withdrawal(ctx: CutContext, subject: string): void {
  const visits = visitsOf(ctx.db, subject);
  const latest = visits[visits.length - 1];
  repeatVisit(ctx, subject, latest.label, END_OF_TREATMENT, 10, "withdrawal");
  for (const d of studyDrugRows(ctx.db, subject).filter((h) => h.row.end_at === null))
    ctx.draft.changed(
      "medications",
      d.row,
      { ...d.row, end_at: `${shiftDays(dateOf(latest.at), 9)}T23:59:00` },
      "withdrawal",
    );
}

/**
 * The cuts before the generated data, worked out backward: the generated data are the latest of them, and each
 * earlier cut is what the site had entered before its last visits, late entries and corrections. Cut k's changes
 * are decided on the data as they stand at cut k (see `takeEarlierCuts`), each as it happened (before: cut k-1,
 * after: cut k), with the same events that `advance` later makes going forward.
 */
import type { Database } from "better-sqlite3";
import { type CutContext, cutContext, pickRow } from "./cut-context";
import type { OrderAllocator } from "./cut-draft";
import type { CutEvent } from "./cut-log";
import type { Row } from "./cut-rows";
import { rowsOf } from "./cut-rows";
import { mistypedValue } from "./cut-values";
import {
  END_OF_TREATMENT,
  lesionsOf,
  openDrugRecords,
  servedAssessments,
  studyDrugRows,
  subjectsOnStudy,
  subjectsWhoStopped,
  visitRows,
  visitsOf,
} from "./study-state";

/** Whether the study's drug records stay open while it is taken (tablets, injections). */
type Ctx = CutContext & { openDrug: boolean };

/** A visit's results and dosing record came in with this cut: before it, the subject's data ended a visit earlier. */
function visitCameIn(ctx: Ctx, subject: string, label: string, event: CutEvent): void {
  const visit = visitsOf(ctx.db, subject).find((v) => v.label === label);
  if (!visit) return;
  for (const { table, row, order } of visitRows(ctx.db, subject, label)) ctx.draft.added(table, row, order, event);
  const drugs = studyDrugRows(ctx.db, subject);
  const dosing = drugs.findIndex((d) => String(d.row.start_at).slice(0, 10) === visit.at.slice(0, 10));
  if (dosing < 0) return;
  ctx.draft.added("medications", drugs[dosing].row, drugs[dosing].order, event);
  // The dose before stays open until this visit's dose is recorded, where the drug's records have open ends.
  const previous = drugs[dosing - 1];
  if (ctx.openDrug && previous && drugs[dosing].row.end_at === null && previous.row.end_at !== null)
    ctx.draft.changed("medications", { ...previous.row, end_at: null }, previous.row, event);
}

/** An assessment and its lesions came in with this cut. */
function assessmentCameIn(ctx: Ctx, assessmentId: string, event: CutEvent): void {
  const rows = rowsOf(ctx.db, "assessments", "assessment_id = ? ORDER BY row_id", assessmentId);
  for (const a of rows) ctx.draft.added("assessments", a.row, a.order, event);
  for (const a of rows) for (const l of lesionsOf(ctx.db, a.order)) ctx.draft.added("lesions", l.row, l.order, event);
}

/** About half the subjects on study had their latest visit (and a scan read since it) entered in this cut. */
function newVisits(ctx: Ctx, study: string, recist: boolean): void {
  for (const subject of subjectsOnStudy(ctx.db, study)) {
    const visits = visitsOf(ctx.db, subject);
    if (visits.length < 4 || !ctx.rng.chance(0.5)) continue;
    const latest = visits[visits.length - 1];
    visitCameIn(ctx, subject, latest.label, "new visit");
    const served = servedAssessments(ctx.db, subject);
    const last = served[served.length - 1];
    if (!recist || served.length < 3 || String(last.row.effective_at) < visits[visits.length - 2].at) continue;
    if (!ctx.avoid.has(String(last.row.assessment_id)))
      assessmentCameIn(ctx, String(last.row.assessment_id), "new assessment");
  }
}

/** One subject who stopped: their End of Treatment visit came in with this cut, and their last dose was open. */
function withdrawal(ctx: Ctx, study: string): void {
  const stopped = subjectsWhoStopped(ctx.db, study);
  if (stopped.length === 0) return;
  const subject = ctx.rng.pick(stopped);
  visitCameIn(ctx, subject, END_OF_TREATMENT, "withdrawal");
  const drugs = studyDrugRows(ctx.db, subject);
  const last = drugs[drugs.length - 1];
  if (ctx.openDrug && last && last.row.end_at !== null && !ctx.draft.touches("medications", String(last.row.id)))
    ctx.draft.changed("medications", { ...last.row, end_at: null }, last.row, "withdrawal");
}

/** One of each correction: a late adverse event, a grade and an end date corrected, a mistyped result. */
function corrections(ctx: Ctx): void {
  const late = pickRow(ctx, "adverse_events", "outcome <> 'fatal'");
  if (late) ctx.draft.added("adverse_events", late.row, late.order, "late-entered adverse event");
  const graded = pickRow(ctx, "adverse_events", "grade >= 2 AND outcome <> 'fatal'");
  if (graded) {
    const before: Row = { ...graded.row, grade: (graded.row.grade as number) - 1 };
    ctx.draft.changed("adverse_events", before, graded.row, "adverse event grade corrected");
  }
  const ended = pickRow(ctx, "adverse_events", "end_date IS NOT NULL AND outcome = 'resolved'");
  if (ended) {
    const before: Row = { ...ended.row, end_date: null, ongoing: 1, outcome: "ongoing" };
    ctx.draft.changed("adverse_events", before, ended.row, "adverse event end date added");
  }
  const result = pickRow(ctx, "lab_results", "value IS NOT NULL AND value > 0");
  if (result) {
    const before: Row = { ...result.row, value: mistypedValue(result.row) };
    ctx.draft.changed("lab_results", before, result.row, "laboratory value corrected");
  }
}

/** A vital sign entered twice: the copy, under its own ID, was there before this cut and is deleted in it. */
function enteredInError(ctx: Ctx): void {
  const original = pickRow(ctx, "vital_signs", "1 = 1");
  if (!original) return;
  const copy: Row = { ...original.row, id: ctx.ids.guid() };
  ctx.draft.removed("vital_signs", copy, ctx.orders.take("vital_signs"), "record entered in error");
}

/** An assessment whose served revision was signed in this cut: before it, the revision it replaced was served. */
function revisionSigned(ctx: Ctx, study: string): void {
  const candidates = rowsOf(
    ctx.db,
    "assessments",
    `study_number = ? AND vis_seq IS NOT NULL AND assessment_revision > 1 AND EXISTS (
       SELECT 1 FROM assessments p WHERE p.assessment_id = assessments.assessment_id
         AND p.case_revision = assessments.case_revision
         AND p.assessment_revision = assessments.assessment_revision - 1 AND p.pi_signed = 1)
     ORDER BY row_id`,
    study,
  ).filter((h) => !ctx.avoid.has(String(h.row.assessment_id)) && !ctx.draft.touches("assessments", String(h.order)));
  if (candidates.length === 0) return;
  const { row, order } = ctx.rng.pick(candidates);
  ctx.draft.added("assessments", row, order, "assessment revision signed");
  for (const l of lesionsOf(ctx.db, order)) ctx.draft.added("lesions", l.row, l.order, "assessment revision signed");
}

/** The changes cut `cut` made to one study, decided on the data as they stand at that cut. */
export function earlierCutChanges(
  db: Database,
  seed: number,
  cut: number,
  study: { study: string; recist: boolean },
  orders: OrderAllocator,
) {
  const ctx: Ctx = { ...cutContext(db, seed, cut, study.study, orders), openDrug: openDrugRecords(db, study.study) };
  withdrawal(ctx, study.study);
  newVisits(ctx, study.study, study.recist);
  if (study.recist) revisionSigned(ctx, study.study);
  corrections(ctx);
  enteredInError(ctx);
  return ctx.draft.changes;
}

/**
 * The next data cut beyond every recorded one, made forward from the data as they stand, deterministically from
 * the seed and the cut's number: a visit four weeks on for each subject still on study (and a scan six weeks after
 * the last for those who are due one), one subject who stops, and one of each late entry and correction.
 */
import type { Database } from "better-sqlite3";
import { type CutContext, cutContext, pickRow } from "./cut-context";
import type { OrderAllocator } from "./cut-draft";
import { type Row, rowsOf } from "./cut-rows";
import { correctedValue, dateOf, shiftDays } from "./cut-values";
import { newVisits, withdrawal } from "./next-visits";
import { lesionsOf, subjectsOnStudy, visitsOf } from "./study-state";

/** An adverse event of a subject on study, entered late: it began up to three weeks before their latest visit. */
function lateAdverseEvent(ctx: CutContext, study: string, subject: string): void {
  const template = pickRow(ctx, "adverse_events", "outcome <> 'fatal'");
  const latest = visitsOf(ctx.db, subject).at(-1);
  if (!template || !latest) return;
  const { mrn } = ctx.db.prepare("SELECT mrn FROM subjects WHERE subject_id = ?").get(subject) as { mrn: string };
  const { n } = ctx.db
    .prepare("SELECT COALESCE(MAX(ae_no), 0) AS n FROM adverse_events WHERE subject_id = ?")
    .get(subject) as { n: number };
  const row: Row = {
    ...template.row,
    ae_key: `${study}-${mrn}-${n + 1}-1`,
    subject_id: subject,
    ae_no: n + 1,
    seq_no: 1,
    grade: 1,
    start_at: `${shiftDays(dateOf(latest.at), -ctx.rng.int(2, 20))}T00:00:00`,
    end_date: null,
    ongoing: 1,
    outcome: "ongoing",
    verified: 0,
  };
  ctx.draft.added("adverse_events", row, ctx.orders.take("adverse_events"), "late-entered adverse event");
}

function corrections(ctx: CutContext): void {
  const graded = pickRow(ctx, "adverse_events", "grade BETWEEN 1 AND 3 AND outcome <> 'fatal'");
  if (graded)
    ctx.draft.changed(
      "adverse_events",
      graded.row,
      { ...graded.row, grade: (graded.row.grade as number) + 1 },
      "adverse event grade corrected",
    );
  const open = pickRow(ctx, "adverse_events", "end_date IS NULL AND outcome = 'ongoing'");
  if (open) {
    const ended = `${shiftDays(dateOf(String(open.row.start_at)), ctx.rng.int(3, 30))}`;
    const after: Row = { ...open.row, end_date: ended, ongoing: 0, outcome: "resolved" };
    ctx.draft.changed("adverse_events", open.row, after, "adverse event end date added");
  }
  const result = pickRow(ctx, "lab_results", "value IS NOT NULL AND value > 0");
  if (result)
    ctx.draft.changed(
      "lab_results",
      result.row,
      { ...result.row, value: correctedValue(result.row) },
      "laboratory value corrected",
    );
  const error = pickRow(ctx, "vital_signs", "1 = 1");
  if (error) ctx.draft.removed("vital_signs", error.row, error.order, "record entered in error");
}

/** A served assessment re-read and signed again as a new revision of the same assessment. */
function revisionSigned(ctx: CutContext, study: string): void {
  const served = rowsOf(
    ctx.db,
    "assessments",
    "study_number = ? AND vis_seq IS NOT NULL ORDER BY row_id",
    study,
  ).filter((h) => !ctx.avoid.has(String(h.row.assessment_id)));
  if (served.length === 0) return;
  const { row, order } = ctx.rng.pick(served);
  const rowId = ctx.orders.take("assessments");
  const revision: Row = {
    ...row,
    row_id: rowId,
    assessment_revision: (row.assessment_revision as number) + 1,
    revision_date: shiftDays(String(row.revision_date), 7),
    pi_signed: 1,
  };
  ctx.draft.added("assessments", revision, rowId, "assessment revision signed");
  for (const l of lesionsOf(ctx.db, order)) {
    const lesionOrder = ctx.orders.take("lesions");
    ctx.draft.added(
      "lesions",
      { ...l.row, row_id: lesionOrder, assessment_row: rowId },
      lesionOrder,
      "assessment revision signed",
    );
  }
}

export function nextCutChanges(
  db: Database,
  seed: number,
  cut: number,
  study: { study: string; recist: boolean },
  orders: OrderAllocator,
) {
  const ctx = cutContext(db, seed, cut, study.study, orders);
  const onStudy = subjectsOnStudy(db, study.study).filter((s) => visitsOf(db, s).length >= 3);
  const stopping = onStudy.length >= 4 ? ctx.rng.pick(onStudy) : null;
  if (study.recist) revisionSigned(ctx, study.study);
  if (stopping) withdrawal(ctx, stopping);
  newVisits(
    ctx,
    onStudy.filter((s) => s !== stopping),
    study.recist,
  );
  if (onStudy.length) lateAdverseEvent(ctx, study.study, ctx.rng.pick(onStudy));
  corrections(ctx);
  return ctx.draft.changes;
}

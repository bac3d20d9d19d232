/** One subject's response assessments and lesions: simulate, revise, write. */

import { planAssessmentRows, type RowPlan } from "./assessment-rows";
import type { Run } from "./context";
import { at, isoDateTime } from "./dates";
import type { StudyCtx, SubjectCtx, SubjectSpec } from "./generator-types";
import { stream } from "./prng";
import { type Recasts, recastCourse } from "./recast";
import { baselineLesions, imagingSetup } from "./recist-baseline";
import { simulateTumour } from "./recist-course";
import { imagingEnd, scanDays, type Timeline } from "./schedule";

/** The missed-scan imperfection skips the 2nd scheduled follow-up. */
const SKIPPED_FOLLOW_UP = 2;

interface Ids {
  caseId: number;
  assessmentIds: string[];
  scanTs: number[];
}

function writeRow(run: Run, study: StudyCtx, subject: SubjectCtx, ids: Ids, row: RowPlan): void {
  const aid = ids.assessmentIds[row.k];
  const effective = isoDateTime(ids.scanTs[row.k]);
  const m = row.metrics;
  const name = row.k === 0 ? "Baseline" : `Follow-up ${row.k}`;
  const rowId = run.writer.assessment([
    aid,
    ids.caseId,
    study.plan.studyNumber,
    subject.subjectId,
    row.caseRevision,
    row.assessmentRevision,
    isoDateTime(row.revisionTs),
    row.signed ? 1 : 0,
    name,
    row.k,
    m.sum,
    m.changePrevious,
    m.changeBaseline,
    m.changeNadir,
    effective,
    m.conclusion,
  ]);
  row.readings.forEach((r, i) => {
    const d = r.def;
    const ch = row.lesionChanges[i];
    // The slice drifts a little between exams, as it does when a reader re-finds a lesion.
    const instance = Math.max(1, d.instance + ((row.k * 37 + i * 11) % 13) - 6);
    run.writer.lesion([
      `${ids.caseId}-${aid}-${d.label}`,
      rowId,
      study.plan.studyNumber,
      subject.subjectId,
      d.organ,
      d.category,
      r.state,
      d.isNode ? 1 : 0,
      d.seriesNumber,
      d.seriesDescription,
      instance,
      d.modality,
      d.label,
      ch.changePrevious,
      ch.changeBaseline,
      ch.changeNadir,
      effective,
      r.value,
      "mm",
    ]);
  });
}

const IMPERFECTION_KIND = {
  conclusion: "assessment_conclusion_mismatch",
  sum: "assessment_sum_mismatch",
  gap: "assessment_missed_follow_up",
} as const;

/** Writes the subject's assessments; returns the day of the progression scan, if any. */
export function writeTumour(
  run: Run,
  study: StudyCtx,
  subject: SubjectCtx,
  spec: SubjectSpec,
  timeline: Timeline,
  recasts: Recasts,
): number | null {
  const rng = stream(study.seed, study.plan.studyNumber, subject.seq, "tumour");
  const skip = spec.imperfection === "gap" ? SKIPPED_FOLLOW_UP : null;
  const days = scanDays(subject, imagingEnd(timeline), skip, rng);
  const imaging = imagingSetup(rng, study);
  const defs = baselineLesions(rng, study, spec, imaging);
  // Drawn whether or not it is recast, so that this stream's later draws (scan times, IDs) do not depend on it.
  const dealt = simulateTumour(rng, spec, defs, days.length - 1, imaging);
  const recast = recasts.take(spec, dealt);
  const course = recast
    ? recastCourse(recast, stream(study.seed, study.plan.studyNumber, subject.seq, "recast"), study, imaging, dealt)
    : dealt;
  const n = course.series.length;
  const scanTs = days.slice(0, n).map((d) => at(d, rng.int(8, 16), rng.int(0, 59)));
  const gapK = skip !== null && n > skip ? skip : null;
  const planned = planAssessmentRows(course, spec, scanTs, gapK, rng);
  const caseId = run.registry.nextCaseId(rng);
  const ids: Ids = { caseId, assessmentIds: course.series.map(() => run.registry.nextAssessmentId(rng)), scanTs };
  for (const row of planned.rows) writeRow(run, study, subject, ids, row);
  for (const { kind, k } of planned.imperfect) {
    run.recorder.add(IMPERFECTION_KIND[kind], {
      study_number: study.plan.studyNumber,
      table: "assessments",
      key: ids.assessmentIds[k],
    });
  }
  return course.pdIndex !== null ? days[course.pdIndex] : null;
}

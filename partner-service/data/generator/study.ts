/** One study, subject after subject, in serving order. */
import type { Database } from "better-sqlite3";
import { generateAes, writeAes } from "./adverse-events";
import { type Run, type SubjectRun, studyContext } from "./context";
import type { StudyCtx, StudyPlan, SubjectCtx, SubjectSpec } from "./generator-types";
import { writeLabs } from "./labs";
import { writeMedications } from "./medications";
import { planSubjects } from "./planner";
import { stream } from "./prng";
import { Recasts } from "./recast";
import { finalizeCourse, planTimeline } from "./schedule";
import { planScreeningAes, type ScreeningAe, screeningAe } from "./screening-aes";
import { enrolSubjects } from "./subjects";
import { writeTumour } from "./tumour";
import { assignVisibility } from "./visibility";
import { writeVitals } from "./vitals";

interface StudyState {
  recasts: Recasts;
  /** The subjects (by seq) with an adverse event before or on the day of the first dose. */
  screening: Map<number, ScreeningAe>;
}

function generateSubject(run: Run, study: StudyCtx, subject: SubjectCtx, spec: SubjectSpec, state: StudyState): void {
  const rng = stream(study.seed, study.plan.studyNumber, subject.seq, "course");
  const timeline = planTimeline(study, subject, spec, rng);
  // Imaging comes first: a progression ends treatment and so shapes every other domain.
  const pdDay = study.recist ? writeTumour(run, study, subject, spec, timeline, state.recasts) : null;
  const course = finalizeCourse(study, subject, timeline, pdDay, rng);
  const partial = { ...run, study, subject, spec, course };
  const subjectRun: SubjectRun = { ...partial, aes: generateAes(partial) };
  const kind = state.screening.get(subject.seq);
  writeAes(subjectRun, kind ? [screeningAe(partial, kind, subjectRun.aes)] : []);
  writeLabs(subjectRun);
  writeVitals(subjectRun);
  writeMedications(subjectRun);
}

export function generateStudy(db: Database, run: Run, seed: number, plan: StudyPlan, index: number): void {
  const study = studyContext(seed, plan, index);
  run.writer.beginStudy(plan);
  const subjects = enrolSubjects(study, run.registry);
  const specs = planSubjects(study, run.imperfections);
  for (const subject of subjects) run.writer.subject(plan.studyNumber, subject);
  const state: StudyState = { recasts: new Recasts(), screening: planScreeningAes(study) };
  for (const subject of subjects) generateSubject(run, study, subject, specs[subject.seq - 1], state);
  assignVisibility(db, plan.studyNumber, plan.criteria);
}

/** One study, subject after subject, in serving order. */
import type { Database } from "better-sqlite3";
import { generateAes, writeAes } from "./adverse-events";
import { type Run, type SubjectRun, studyContext } from "./context";
import type { StudyCtx, StudyPlan, SubjectCtx, SubjectSpec } from "./generator-types";
import { writeLabs } from "./labs";
import { writeMedications } from "./medications";
import { planSubjects } from "./planner";
import { stream } from "./prng";
import { finalizeCourse, planTimeline } from "./schedule";
import { enrolSubjects } from "./subjects";
import { writeTumour } from "./tumour";
import { assignVisibility } from "./visibility";
import { writeVitals } from "./vitals";

function generateSubject(run: Run, study: StudyCtx, subject: SubjectCtx, spec: SubjectSpec): void {
  const rng = stream(study.seed, study.plan.studyNumber, subject.seq, "course");
  const timeline = planTimeline(study, subject, spec, rng);
  // Imaging comes first: a progression ends treatment and so shapes every other domain.
  const pdDay = study.recist ? writeTumour(run, study, subject, spec, timeline) : null;
  const course = finalizeCourse(study, subject, timeline, pdDay, rng);
  const partial = { ...run, study, subject, spec, course };
  const subjectRun: SubjectRun = { ...partial, aes: generateAes(partial) };
  writeAes(subjectRun);
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
  for (const subject of subjects) generateSubject(run, study, subject, specs[subject.seq - 1]);
  assignVisibility(db, plan.studyNumber, plan.criteria);
}

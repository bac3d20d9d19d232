/** Per-run and per-subject context handed to the domain writers. */

import { tumourProfile } from "./catalog-organs";
import { dayNumber } from "./dates";
import type { AeRecord, Course, DrugForm, StudyCtx, StudyPlan, SubjectCtx, SubjectSpec } from "./generator-types";
import type { ImperfectionRecorder } from "./imperfections";
import { makeSites } from "./sites";
import type { Registry } from "./unique-ids";
import type { Writer } from "./writer";

export interface Run {
  writer: Writer;
  registry: Registry;
  recorder: ImperfectionRecorder;
  /** Whether the planner hands out the deliberate imperfections (GenerateOptions.imperfections). */
  imperfections: boolean;
}

export interface SubjectRun extends Run {
  study: StudyCtx;
  subject: SubjectCtx;
  spec: SubjectSpec;
  course: Course;
  /**
   * The subject's adverse events that shape its laboratory values, vital signs and medications; the events around
   * the first dose (screening-aes.ts) are written beside them and shape nothing else.
   */
  aes: AeRecord[];
}

/** First study opens on 2023-03-01; each later study in the plan two months after the previous. */
const FIRST_STUDY_DAY = dayNumber(2023, 3, 1);

const ONCOLOGY_CRITERIA = /RECIST|RANO|Lugano|Cheson|IMWG|iwCLL|PCWG|irRC|INRC/i;

function drugForm(agent: string): DrugForm {
  const a = agent.trim().toLowerCase();
  if (a.endsWith("mab")) return "iv";
  if (a.endsWith("tide")) return "sc";
  return "oral";
}

export function studyContext(seed: number, plan: StudyPlan, index: number): StudyCtx {
  return {
    seed,
    index,
    plan,
    recist: plan.criteria === "RECIST 1.1",
    oncology: ONCOLOGY_CRITERIA.test(plan.criteria),
    drugForm: drugForm(plan.agent),
    tumour: tumourProfile(plan.title),
    sites: makeSites(seed, plan, index),
    startDay: FIRST_STUDY_DAY + 61 * index,
    ctcaeVersion: index % 2 === 0 ? 5.0 : 4.03,
  };
}

/** Active adverse-event terms on a day (used to make vitals and labs agree with the AEs). */
export function activeTerms(aes: readonly AeRecord[], day: number): Set<string> {
  const terms = new Set<string>();
  for (const ae of aes) {
    // An end date before the start (a recorded entry error) is read as a one-day event.
    const end = ae.endDay === null ? Number.POSITIVE_INFINITY : Math.max(ae.endDay, ae.startDay);
    if (ae.startDay <= day && day <= end) terms.add(ae.term);
  }
  return terms;
}

/** Shapes shared by the generator's modules. */
import type { Zone } from "./dates";

export interface StudyPlan {
  studyNumber: string;
  sponsorStudyNumber: string;
  trialName: string;
  title: string;
  /** 'RECIST 1.1' gets response assessments; anything else (e.g. 'RANO', 'None') gets none. */
  criteria: string;
  agent: string;
  subjects: number;
  visits: number;
}

export interface GenerateOptions {
  seed: number;
  studies: StudyPlan[];
  /**
   * Plant the deliberate imperfections (imperfections.ts); true unless false. With false every record follows the
   * rules, for checking that the portal's data checks find nothing in clean data.
   */
  imperfections?: boolean;
}

/** How the investigational agent is given, read from its name stem (-mab: infusion, -tide: injection). */
export type DrugForm = "oral" | "iv" | "sc";
export type TumourProfile = "lung" | "colorectal" | "generic";

export interface Site {
  number: string;
  zone: Zone;
  practitioners: string[];
  /** The one site per study whose laboratory reports glucose in mmol/L. */
  glucoseMmol: boolean;
  raceUnknownRate: number;
  hispanicRate: number;
  ethnicityUnknownRate: number;
  weight: number;
}

export interface StudyCtx {
  seed: number;
  index: number;
  plan: StudyPlan;
  recist: boolean;
  oncology: boolean;
  drugForm: DrugForm;
  tumour: TumourProfile;
  sites: Site[];
  startDay: number;
  ctcaeVersion: number;
}

export interface SubjectCtx {
  seq: number;
  subjectId: string;
  subjectStudyId: string;
  mrn: string;
  gender: "male" | "female" | "other" | "unknown";
  birthYear: number;
  age: number;
  race: string;
  ethnicity: string;
  site: Site;
  screeningDay: number;
  baselineScanDay: number;
  c1d1Day: number;
  heightCm: number;
  weightKg: number;
}

export type TrajectoryKind = "CR" | "PR" | "SD" | "PD_GROWTH" | "PD_NEW" | "PD_NT";
export type RevisionFeature = "case" | "assessment" | "unsigned" | "unsigned-rerevision";
export type AssessmentImperfection = "conclusion" | "sum" | "gap";

/** What the planner decided for one subject before any value is drawn. */
export interface SubjectSpec {
  /** Tumour course; null outside RECIST studies. */
  kind: TrajectoryKind | null;
  /** A coverage subject: never drops out, so its planned course is seen in full. */
  protected: boolean;
  nodeTarget?: boolean;
  nonTargetCr?: boolean;
  tooSmall?: boolean;
  disappear?: boolean;
  notEvaluable?: boolean;
  latePd?: boolean;
  revision?: RevisionFeature;
  imperfection?: AssessmentImperfection;
  labMissingUnit?: boolean;
  aeEndBeforeStart?: boolean;
  aeMissingGrade?: boolean;
  /** Guarantees a grade 4 event in oncology studies, where they are otherwise rare. */
  lifeThreateningAe?: boolean;
  death?: boolean;
}

export type Disposition = "ongoing" | "progression" | "adverse event" | "withdrawal" | "lost to follow-up" | "death";

export interface Visit {
  label: string;
  day: number;
  /** 0 = screening, n = cycle (or week block) n, -1 = end of treatment. */
  cycle: number;
}

export interface Course {
  visits: Visit[];
  disposition: Disposition;
  /** Last day the subject's safety data can cover. */
  lastContactDay: number;
  deathDay: number | null;
}

export interface AeRecord {
  aeNo: number;
  seqNo: number;
  term: string;
  grade: number | null;
  startTs: number;
  startDay: number;
  endDay: number | null;
  ongoing: boolean;
  outcome: string;
  causality: string;
  verified: boolean;
  version: number;
}

/**
 * Adverse events around the first dose: a few subjects of each oncology study report an event during screening,
 * after their baseline scan and before Cycle 1 Day 1 (so before any study drug), and one an event that starts on
 * the day of the first dose. Real trials record both; the first are not treatment-emergent, the second is
 * (docs/clinical-rules.md, Treatment-emergent adverse events). docs/partner-service.md, "Adverse events before the
 * first dose", lists them for the default demo data.
 *
 * They come from streams of their own and take AE numbers after the subject's other events, so every other record
 * of the data set (its AE numbers and keys included) is what it would be without them. They shape no other domain:
 * their terms move no laboratory value or vital sign and get no treatment, and the drug was not yet given, so the
 * causality is Unlikely or Unassessable. The suspect product stays the study's agent, as on every event.
 */
import { AE_TERMS, CAUSALITY } from "./catalog-ae";
import type { SubjectRun } from "./context";
import { at } from "./dates";
import type { AeRecord, StudyCtx, SubjectCtx, SubjectSpec } from "./generator-types";
import { planSubjects } from "./planner";
import { type Rng, stream } from "./prng";

/** Where the event starts: the day before the first dose, earlier in screening, or on the first-dose day. */
export type ScreeningAe = "day-before-first-dose" | "screening" | "first-dose-day";

/**
 * Complaints a patient with advanced cancer may report before treatment. None of them moves a laboratory value or
 * a vital sign in the generator (lab-values.ts, vitals.ts), since these events do not reach those domains.
 */
const SCREENING_TERMS = new Set([
  "Fatigue",
  "Cough",
  "Back pain",
  "Constipation",
  "Insomnia",
  "Abdominal pain",
  "Arthralgia",
  "Dizziness",
  "Headache",
]);

/** Causality of an event before any study drug was given. */
const BEFORE_DRUG: readonly (readonly [string, number])[] = [
  ["Unlikely", 80],
  ["Unassessable/Unclassifiable", 20],
];

/** Subjects with an event before the first dose: one in ten, rounded (4 in a study of 40). */
export const preDoseCount = (subjects: number): number => Math.round(subjects / 10);

/** Subjects whose other records a reader checks for something else: coverage courses, flaws, deaths. */
function special(spec: SubjectSpec): boolean {
  return Boolean(
    spec.protected ||
      spec.imperfection ||
      spec.labMissingUnit ||
      spec.aeEndBeforeStart ||
      spec.aeMissingGrade ||
      spec.lifeThreateningAe ||
      spec.death,
  );
}

/**
 * Which subject (by seq) gets which event. Chosen from the plan with imperfections, so that data generated
 * without them has the same events; a study too small to have subjects other than special ones has none.
 */
export function planScreeningAes(study: StudyCtx): Map<number, ScreeningAe> {
  const plan = new Map<number, ScreeningAe>();
  if (!study.oncology) return plan;
  const specs = planSubjects(study, true);
  const rng = stream(study.seed, study.plan.studyNumber, "screening-aes");
  const free = rng.shuffle(specs.map((spec, i) => ({ spec, seq: i + 1 })).filter(({ spec }) => !special(spec)));
  const kinds: ScreeningAe[] = ["first-dose-day", "day-before-first-dose"];
  while (kinds.length < 1 + preDoseCount(specs.length)) kinds.push("screening");
  for (const [i, { seq }] of free.slice(0, kinds.length).entries()) plan.set(seq, kinds[i]);
  return plan;
}

/** The start day of an event of this kind. */
function startDayOf(kind: ScreeningAe, subject: SubjectCtx, rng: Rng): number {
  const c1d1 = subject.c1d1Day;
  if (kind === "first-dose-day") return c1d1;
  if (kind === "day-before-first-dose") return c1d1 - 1;
  // The baseline scan is at least 3 days before Cycle 1 Day 1 (subjects.ts), so the range is never empty.
  return rng.int(subject.baselineScanDay + 1, c1d1 - 2);
}

/** The subject's event of this kind, numbered after its other events. */
export function screeningAe(
  run: Pick<SubjectRun, "study" | "subject" | "course">,
  kind: ScreeningAe,
  others: readonly AeRecord[],
): AeRecord {
  const { study, subject, course } = run;
  const rng = stream(study.seed, study.plan.studyNumber, subject.seq, "screening-aes");
  const startDay = startDayOf(kind, subject, rng);
  const term = rng.weighted(AE_TERMS.filter((t) => SCREENING_TERMS.has(t.term)).map((t) => [t, t.oncology] as const));
  const grade = rng.weighted([
    [1, 70],
    [2, 30],
  ] as const);
  // The first-dose-day event is dated without a time, like most onsets: the day decides, not the dosing hour.
  const timed = kind !== "first-dose-day" && rng.chance(0.25);
  const startTs = timed ? at(startDay, rng.int(7, 20), rng.int(0, 59)) : at(startDay, 0, 0);
  const endDay = startDay + Math.max(1, Math.round(rng.logNormal(term.medianDays, 0.8)));
  const causality = rng.weighted(kind === "first-dose-day" ? CAUSALITY : BEFORE_DRUG);
  // As adverse-events.ts closes events: open at the last contact, of unknown outcome when the subject is lost or dead.
  const open = endDay > course.lastContactDay;
  const unknown = open && (course.disposition === "lost to follow-up" || course.disposition === "death");
  const outcome = open ? (unknown ? "unknown" : "ongoing") : "resolved";
  return {
    aeNo: Math.max(0, ...others.map((r) => r.aeNo)) + 1,
    seqNo: 1,
    term: term.term,
    grade,
    startTs,
    startDay,
    endDay: open ? null : endDay,
    ongoing: outcome === "ongoing",
    outcome,
    causality,
    verified: rng.chance(0.93),
    version: study.ctcaeVersion,
  };
}

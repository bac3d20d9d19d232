/**
 * Adverse events of one subject. An event is one ae_no; when its severity
 * improves, the source system closes the record ("recovering") and opens the
 * next sub-number (seq_no 2, 3) at the lower grade. Ongoing <=> no end date.
 */
import { type AeTerm, CAUSALITY, FATAL_TERMS, termsFor } from "./catalog-ae";
import type { SubjectRun } from "./context";
import { at, isoDate, isoDateTime } from "./dates";
import type { AeRecord, Course, StudyCtx, SubjectCtx, SubjectSpec } from "./generator-types";
import { type Rng, stream } from "./prng";

interface AeEvent {
  term: string;
  grades: number[];
  startDay: number;
  startTs: number;
  endDay: number;
  causality: string;
  fatal: boolean;
}

function startTs(rng: Rng, day: number): number {
  // Most sites record AE onset as a date only.
  return rng.chance(0.75) ? at(day, 0, 0) : at(day, rng.int(7, 20), rng.int(0, 59));
}

function drawEvent(
  rng: Rng,
  profile: readonly (readonly [AeTerm, number])[],
  subject: SubjectCtx,
  course: Course,
): AeEvent {
  const term = rng.weighted(profile);
  const grade = rng.weighted(term.grades.map((w, i) => [i + 1, w] as const));
  const span = Math.max(1, course.lastContactDay - subject.c1d1Day);
  const startDay = subject.c1d1Day + Math.floor(span * rng.float() ** 1.6);
  const endDay = startDay + Math.max(1, Math.round(rng.logNormal(term.medianDays, 0.8)));
  const grades = [grade];
  if (grade >= 2 && rng.chance(0.18)) grades.push(grade - 1);
  if (grades.length === 2 && grade >= 3 && rng.chance(0.3)) grades.push(grade - 2);
  return {
    term: term.term,
    grades,
    startDay,
    startTs: startTs(rng, startDay),
    endDay,
    causality: rng.weighted(CAUSALITY),
    fatal: false,
  };
}

function fatalEvent(rng: Rng, study: StudyCtx, subject: SubjectCtx, deathDay: number): AeEvent {
  const term = rng.pick(study.oncology ? FATAL_TERMS.oncology : FATAL_TERMS.general);
  const startDay = Math.max(subject.c1d1Day, deathDay - (term === "Sudden death NOS" ? 0 : rng.int(1, 10)));
  const causality = rng.weighted([
    ["Unlikely", 50],
    ["Possible", 35],
    ["Unassessable/Unclassifiable", 15],
  ] as const);
  return { term, grades: [5], startDay, startTs: startTs(rng, startDay), endDay: deathDay, causality, fatal: true };
}

/** The records of one event, cut where the grade changes. */
function split(e: AeEvent, aeNo: number, course: Course, version: number, verified: boolean): AeRecord[] {
  const records: AeRecord[] = [];
  const duration = e.endDay - e.startDay;
  let from = e.startDay;
  let fromTs = e.startTs;
  for (let i = 0; i < e.grades.length && from <= course.lastContactDay; i++) {
    const last = i === e.grades.length - 1;
    const to = last ? e.endDay : Math.min(e.endDay - 1, from + Math.max(1, Math.round(duration / e.grades.length)));
    const open = to > course.lastContactDay;
    // Open events of a subject lost to follow-up or dead are of unknown outcome, not known to be ongoing.
    const unknown = open && (course.disposition === "lost to follow-up" || course.disposition === "death");
    const outcome = e.fatal ? "fatal" : open ? (unknown ? "unknown" : "ongoing") : last ? "resolved" : "recovering";
    records.push({
      aeNo,
      seqNo: i + 1,
      term: e.term,
      grade: e.grades[i],
      startTs: fromTs,
      startDay: from,
      endDay: open ? null : to,
      ongoing: outcome === "ongoing",
      outcome,
      causality: e.causality,
      verified,
      version,
    });
    if (open) break;
    from = to;
    fromTs = at(to, 0, 0);
  }
  return records;
}

function sequelae(rng: Rng, records: AeRecord[]): void {
  for (const r of records)
    if (r.outcome === "resolved" && (r.grade ?? 0) >= 2 && rng.chance(0.08)) r.outcome = "resolvedWithSequelae";
}

/** Serving order within a subject: by start, then AE number and sequence number. */
const servingOrder = (a: AeRecord, b: AeRecord) => a.startTs - b.startTs || a.aeNo - b.aeNo || a.seqNo - b.seqNo;

export function generateAes(run: Pick<SubjectRun, "study" | "subject" | "spec" | "course">): AeRecord[] {
  const { study, subject, spec, course } = run;
  const rng = stream(study.seed, study.plan.studyNumber, subject.seq, "aes");
  const profile = termsFor(study.oncology, study.drugForm);
  const cycles = course.visits.filter((v) => v.cycle > 0).length;
  const lambda = study.oncology ? 3 + 0.5 * cycles : 1.5 + 0.2 * cycles;
  let n = Math.min(30, rng.poisson(lambda));
  if (spec.aeMissingGrade || spec.aeEndBeforeStart) n = Math.max(n, 2);
  const events: AeEvent[] = [];
  for (let i = 0; i < n; i++) events.push(drawEvent(rng, profile, subject, course));
  if (spec.lifeThreateningAe) {
    const severe = profile.filter(([t]) => t.grades[3] > 0).map(([t]) => [t, t.grades[3]] as const);
    const event = drawEvent(rng, severe, subject, course);
    events.push({ ...event, grades: [4, 3, 2].slice(0, event.grades.length) });
  }
  if (course.deathDay !== null) events.push(fatalEvent(rng, study, subject, course.deathDay));
  events.sort((a, b) => a.startTs - b.startTs || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  const other = study.ctcaeVersion === 5 ? 4.03 : 5.0;
  const records = events.flatMap((e, i) =>
    split(e, i + 1, course, rng.chance(0.03) ? other : study.ctcaeVersion, rng.chance(0.93)),
  );
  sequelae(rng, records);
  applyQuirks(rng, spec, records);
  return records.sort(servingOrder);
}

function applyQuirks(rng: Rng, spec: SubjectSpec, records: AeRecord[]): void {
  const candidates = records.filter((r) => r.grade !== 5);
  if (spec.aeMissingGrade && candidates.length) candidates[0].grade = null;
  if (spec.aeEndBeforeStart) {
    const single = candidates.filter((r) => r.seqNo === 1 && !records.some((o) => o.aeNo === r.aeNo && o.seqNo > 1));
    const target = single[single.length - 1] ?? candidates[candidates.length - 1];
    if (!target) return;
    target.endDay = target.startDay - rng.int(1, 3);
    target.ongoing = false;
    target.outcome = "resolved";
  }
}

/**
 * Writes the records in serving order, with `extra` events that shape no other domain (screening-aes.ts) among
 * them, and reports the deliberate flaws.
 */
export function writeAes(run: SubjectRun, extra: readonly AeRecord[] = []): void {
  const { study, subject } = run;
  const studyNumber = study.plan.studyNumber;
  for (const r of [...run.aes, ...extra].sort(servingOrder)) {
    const key = `${studyNumber}-${subject.mrn}-${r.aeNo}-${r.seqNo}`;
    run.writer.adverseEvent(key, studyNumber, [
      subject.subjectId,
      r.aeNo,
      r.seqNo,
      r.term,
      r.grade,
      r.version,
      isoDateTime(r.startTs),
      r.endDay === null ? null : isoDate(r.endDay),
      r.ongoing ? 1 : 0,
      r.outcome,
      r.causality,
      r.verified ? 1 : 0,
    ]);
    const table = "adverse_events";
    if (r.grade === null) run.recorder.add("ae_missing_grade", { study_number: studyNumber, table, key });
    if (r.endDay !== null && r.endDay < r.startDay)
      run.recorder.add("ae_end_before_start", { study_number: studyNumber, table, key });
  }
}

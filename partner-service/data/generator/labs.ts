/**
 * Laboratory results, one blood draw per attended visit, rows in serving
 * order (visit by visit, tests in panel order). Urinalysis is skipped at some
 * visits, as it is in practice.
 */
import { GLUCOSE_MMOL, LAB_INDEX, LAB_TESTS, type LabTest, UNIT_SLIP_TESTS } from "./catalog-labs";
import { activeTerms, type SubjectRun } from "./context";
import { at, isoDateTime, isoWithOffset } from "./dates";
import type { Visit } from "./generator-types";
import { type LabProfile, labPanel, labProfile } from "./lab-values";
import { type Rng, stream } from "./prng";

const SCALE = LAB_TESTS.map((t) => 10 ** t.decimals);
const GLUC = LAB_INDEX.GLUC;

interface Shown {
  value: number | null;
  text: string | null;
  unit: string | null;
  range: string | null;
}

function show(test: LabTest, i: number, raw: number | string, female: boolean, mmol: boolean): Shown {
  const range = Array.isArray(test.range) ? test.range[female ? 1 : 0] : (test.range as string | null);
  if (typeof raw === "string") return { value: null, text: raw, unit: test.unit, range };
  if (i === GLUC && mmol) {
    const v = Math.round(raw * GLUCOSE_MMOL.perMgdl * 10) / 10;
    return { value: v, text: null, unit: GLUCOSE_MMOL.unit, range: GLUCOSE_MMOL.range };
  }
  return { value: Math.round(raw * SCALE[i]) / SCALE[i], text: null, unit: test.unit, range };
}

interface Slip {
  visitIndex: number;
  test: number;
}

function unitSlip(run: SubjectRun, rng: Rng): Slip | null {
  if (!run.spec.labMissingUnit) return null;
  const test = LAB_INDEX[rng.pick(UNIT_SLIP_TESTS)];
  return { visitIndex: Math.min(1, run.course.visits.length - 1), test };
}

interface Streams {
  rng: Rng;
  ids: Rng;
  profile: LabProfile;
  slip: Slip | null;
}

function writeVisit(run: SubjectRun, visit: Visit, vi: number, { rng, ids, profile, slip }: Streams): void {
  const { study, subject } = run;
  const studyNumber = study.plan.studyNumber;
  const collected = at(visit.day, rng.int(7, 11), rng.int(0, 59));
  const values = labPanel(profile, Math.max(0, visit.cycle), activeTerms(run.aes, visit.day), rng);
  const practitioner = rng.pick(subject.site.practitioners);
  const collectedAt = isoDateTime(collected);
  const issued = {
    HEM: isoWithOffset(collected + 60 * rng.int(45, 180), subject.site.zone),
    CHEM: isoWithOffset(collected + 60 * rng.int(90, 360), subject.site.zone),
    URINE: isoWithOffset(collected + 60 * rng.int(60, 240), subject.site.zone),
  };
  const urineDone = rng.chance(0.88);
  const female = subject.gender === "female";
  for (let i = 0; i < LAB_TESTS.length; i++) {
    const test = LAB_TESTS[i];
    if (test.panel === "URINE" && !urineDone) continue;
    const s = show(test, i, values[i], female, subject.site.glucoseMmol);
    const slipped = slip !== null && slip.visitIndex === vi && slip.test === i;
    const id = ids.guid();
    run.writer.lab(id, studyNumber, [
      subject.subjectId,
      test.service,
      test.code,
      visit.label,
      collectedAt,
      issued[test.panel],
      practitioner,
      s.value,
      s.text,
      slipped ? null : s.unit,
      s.range,
    ]);
    if (slipped) run.recorder.add("lab_missing_unit", { study_number: studyNumber, table: "lab_results", key: id });
  }
}

export function writeLabs(run: SubjectRun): void {
  const { study, subject } = run;
  const rng = stream(study.seed, study.plan.studyNumber, subject.seq, "labs");
  const ids = stream(study.seed, study.plan.studyNumber, subject.seq, "lab-ids");
  const streams: Streams = { rng, ids, profile: labProfile(subject, study.oncology, rng), slip: unitSlip(run, rng) };
  for (const [vi, visit] of run.course.visits.entries()) writeVisit(run, visit, vi, streams);
}

/**
 * Vital signs: every item type at every attended visit, consistent with each
 * other (height fixed per subject, BSA by Mosteller from the recorded height
 * and weight, Fahrenheit from the recorded Celsius) and with the adverse
 * events active that day (fever, hypertension, breathlessness).
 */
import { BP_POSITIONS, VITAL_ITEMS, type VitalKey } from "./catalog-vitals";
import { activeTerms, type SubjectRun } from "./context";
import { at, isoDateTime, isoWithOffset } from "./dates";
import type { Visit } from "./generator-types";
import { type Rng, stream } from "./prng";

interface VitalBase {
  sbp: number;
  dbp: number;
  pulse: number;
  resp: number;
  spo2: number;
  temp: number;
  weightLossPerCycle: number;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const round = (x: number, decimals: number) => Math.round(x * 10 ** decimals) / 10 ** decimals;

function base(run: SubjectRun, rng: Rng): VitalBase {
  const onc = run.study.oncology;
  return {
    sbp: clamp(rng.normal(onc ? 127 : 132, 13), 98, 165),
    dbp: clamp(rng.normal(77, 8), 56, 98),
    pulse: clamp(rng.normal(76, 9), 54, 104),
    resp: rng.int(13, 18),
    spo2: clamp(rng.normal(run.study.tumour === "lung" && onc ? 95.5 : 97.3, 1.2), 92, 99.5),
    temp: rng.normal(36.6, 0.2),
    weightLossPerCycle: onc ? rng.range(0, 0.008) : rng.range(-0.002, 0.002),
  };
}

const FEVER_TERMS = ["Fever", "Febrile neutropenia", "Lung infection", "Sepsis"];
const BREATH_TERMS = ["Dyspnea", "Pneumonitis", "Lung infection"];

function values(run: SubjectRun, b: VitalBase, visit: Visit, rng: Rng): Record<VitalKey, number | string> {
  const active = activeTerms(run.aes, visit.day);
  const htn = active.has("Hypertension") ? rng.range(15, 28) : 0;
  const febrile = FEVER_TERMS.some((t) => active.has(t));
  const sbp = Math.round(b.sbp + rng.normal(0, 7) + htn);
  const dbp = Math.min(sbp - 25, Math.round(b.dbp + rng.normal(0, 5) + htn / 2));
  const height = run.subject.heightCm;
  const cycle = Math.max(0, visit.cycle);
  const weight = round(run.subject.weightKg * (1 - b.weightLossPerCycle * cycle) + rng.normal(0, 0.5), 1);
  const tempC = round(febrile ? rng.range(38.1, 39.3) : b.temp + rng.normal(0, 0.2), 1);
  const hypoxic = BREATH_TERMS.some((t) => active.has(t)) ? rng.range(3, 7) : 0;
  return {
    sbp,
    dbp,
    position: rng.weighted(BP_POSITIONS),
    bsa: round(Math.sqrt((height * weight) / 3600), 2),
    height,
    lastHeight: height,
    spo2: Math.round(clamp(b.spo2 + rng.normal(0, 1) - hypoxic, 84, 100)),
    pulse: Math.round(b.pulse + rng.normal(0, 6) + (febrile ? rng.range(12, 25) : 0)),
    resp: Math.round(clamp(b.resp + rng.normal(0, 1.2) + hypoxic, 10, 32)),
    tempF: round((tempC * 9) / 5 + 32, 1),
    tempC,
    weight,
  };
}

export function writeVitals(run: SubjectRun): void {
  const { study, subject } = run;
  const studyNumber = study.plan.studyNumber;
  const rng = stream(study.seed, studyNumber, subject.seq, "vitals");
  const ids = stream(study.seed, studyNumber, subject.seq, "vital-ids");
  const b = base(run, rng);
  for (const visit of run.course.visits) {
    const collected = at(visit.day, rng.int(7, 11), rng.int(0, 59));
    // Issued = entry in the research data warehouse, hours to days later.
    const issued = isoWithOffset(collected + 86400 * rng.int(0, 3) + 60 * rng.int(60, 600), subject.site.zone);
    const practitioner = rng.pick(subject.site.practitioners);
    const v = values(run, b, visit, rng);
    for (const item of VITAL_ITEMS) {
      const raw = v[item.key];
      const text = typeof raw === "string";
      run.writer.vital(ids.guid(), studyNumber, [
        subject.subjectId,
        item.service,
        item.itemType,
        visit.label,
        isoDateTime(collected),
        issued,
        practitioner,
        text ? null : raw,
        text ? raw : null,
        item.unit,
      ]);
    }
  }
}

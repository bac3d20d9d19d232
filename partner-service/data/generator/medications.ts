/**
 * Medication records standardised to a common data model: chronic background
 * medication (patient reported), treatment of the subject's adverse events
 * (prescriptions, in-clinic antibiotics), and the investigational agent per
 * cycle (dispensed, infused or injected), reduced after a related grade >= 3 AE.
 */

import { RELATED } from "./catalog-ae";
import { BACKGROUND_DRUGS, CARDIAC_DRUGS, type DrugDef, FILGRASTIM, studyDrug, treatmentFor } from "./catalog-drugs";
import type { SubjectRun } from "./context";
import { at, dayOfTs, isoDateTime } from "./dates";
import { type Rng, stream } from "./prng";

interface MedRow {
  drug: string;
  startTs: number;
  endTs: number | null;
  sourceTable: "drug_exposure" | "CONMED";
  sourceType: "Prescription" | "Patient reported" | "Administered in clinic";
  dosage: string;
  route: string;
  method: string;
  dose: number | null;
  unit: string;
  rate: string;
}

const fromDef = (def: DrugDef, startTs: number, endTs: number | null, sourceType: MedRow["sourceType"]): MedRow => ({
  drug: def.label,
  startTs,
  endTs,
  sourceType,
  dosage: def.dosage,
  route: def.route,
  method: def.method,
  dose: def.dose,
  unit: def.unit,
  sourceTable: sourceType === "Patient reported" ? "CONMED" : "drug_exposure",
  rate: def.method === "Infusion" ? "mg/h" : "",
});

function background(run: SubjectRun, rng: Rng): MedRow[] {
  const pool = rng.shuffle([...BACKGROUND_DRUGS]);
  const count = rng.weighted([
    [0, 20],
    [1, 30],
    [2, 25],
    [3, 15],
    [4, 10],
  ] as const);
  const drugs = [
    ...pool.slice(0, count),
    ...(run.study.oncology ? [] : rng.shuffle([...CARDIAC_DRUGS]).slice(0, rng.int(2, 4))),
  ];
  return drugs.map((def) => {
    const start = run.subject.c1d1Day - rng.int(60, 3000);
    const stopped = rng.chance(0.15) ? run.subject.c1d1Day + rng.int(10, 120) : null;
    const end = stopped !== null && stopped <= run.course.lastContactDay ? at(stopped, 0, 0) : null;
    const row = fromDef(def, at(start, 0, 0), end, "Patient reported");
    return rng.chance(0.15) ? { ...row, dose: null } : row;
  });
}

function treatments(run: SubjectRun, rng: Rng): MedRow[] {
  const rows: MedRow[] = [];
  for (const ae of run.aes) {
    const def = treatmentFor(ae.term);
    if (!def || ae.seqNo !== 1 || !rng.chance((ae.grade ?? 1) >= 2 ? 0.85 : 0.4)) continue;
    const inClinic = def.route !== "Oral";
    const start = at(
      ae.startDay + (def.single ? 0 : rng.int(0, 2)),
      inClinic ? rng.int(9, 17) : 0,
      inClinic ? rng.int(0, 59) : 0,
    );
    const planned = def.days > 0 ? dayOfTs(start) + def.days : ae.endDay;
    let end = planned !== null && planned <= run.course.lastContactDay ? Math.max(start, at(planned, 0, 0)) : null;
    if (def.single) end = start + 60 * rng.int(5, 20);
    rows.push(fromDef(def, start, end, inClinic ? "Administered in clinic" : "Prescription"));
    if (ae.term === "Febrile neutropenia") rows.push(filgrastim(run, dayOfTs(start)));
  }
  return rows;
}

/**
 * Growth-factor support after febrile neutropenia, cut short at the subject's last contact like every other
 * treatment.
 */
function filgrastim(run: SubjectRun, aeDay: number): MedRow {
  const endDay = aeDay + FILGRASTIM.days;
  return fromDef(
    FILGRASTIM,
    at(aeDay + 1, 10, 0),
    endDay <= run.course.lastContactDay ? at(endDay, 0, 0) : null,
    "Administered in clinic",
  );
}

function reductionDay(run: SubjectRun): number {
  const trigger = run.aes.find((ae) => (ae.grade ?? 0) >= 3 && ae.grade !== 5 && RELATED.has(ae.causality));
  return trigger ? trigger.startDay : Number.POSITIVE_INFINITY;
}

function studyDrugRows(run: SubjectRun, rng: Rng): MedRow[] {
  const drug = studyDrug(run.study.plan.agent, run.study.drugForm);
  const doses = run.course.visits.filter((v) => v.cycle > 0);
  const reduceFrom = reductionDay(run);
  const stopped = run.course.disposition !== "ongoing";
  const lastDay = run.course.deathDay ?? run.course.visits[run.course.visits.length - 1].day;
  return doses.map((visit, i) => {
    const reduced = visit.day > reduceFrom;
    const base = {
      drug: reduced ? drug.reducedLabel : drug.label,
      sourceTable: "drug_exposure" as const,
      route: drug.route,
      method: drug.method,
      unit: "mg",
      rate: drug.rateUnit,
    };
    const dosage = reduced ? drug.reducedDosage : drug.dosage;
    const dose = reduced ? drug.reducedDose : drug.dose;
    if (run.study.drugForm === "iv") {
      const start = at(visit.day, rng.int(9, 14), rng.int(0, 59));
      const mg = Math.round((dose * run.subject.weightKg) / 10) * 10;
      return {
        ...base,
        startTs: start,
        endTs: start + 60 * rng.int(60, 95),
        sourceType: "Administered in clinic" as const,
        dosage,
        dose: mg,
      };
    }
    const next = doses[i + 1]?.day;
    const endDay = next !== undefined ? next - 1 : stopped ? Math.max(visit.day, lastDay - rng.int(1, 5)) : null;
    // Injections: the first in clinic, the rest self-administered at home.
    const sc = run.study.drugForm === "sc";
    const sourceType: MedRow["sourceType"] = !sc
      ? "Prescription"
      : i === 0
        ? "Administered in clinic"
        : "Patient reported";
    return {
      ...base,
      startTs: at(visit.day, rng.int(9, 16), rng.int(0, 59)),
      endTs: endDay === null ? null : at(endDay, 23, 59),
      sourceType,
      dosage,
      dose,
    };
  });
}

/** Data-model rules applied to a record, as the warehouse concatenates them. */
function ruleDef(row: MedRow): string {
  const rules =
    row.sourceTable === "CONMED"
      ? ["R3", "R21", "R45"]
      : row.sourceType === "Administered in clinic"
        ? ["R12", "R7", "R33"]
        : ["R12", "R45", "R7"];
  if (row.dose === null) rules.push("R31");
  if (row.endTs === null) rules.push("R52");
  return rules.join("|");
}

export function writeMedications(run: SubjectRun): void {
  const { study, subject } = run;
  const studyNumber = study.plan.studyNumber;
  const rng = stream(study.seed, studyNumber, subject.seq, "medications");
  const ids = stream(study.seed, studyNumber, subject.seq, "medication-ids");
  const rows = [...background(run, rng), ...treatments(run, rng), ...studyDrugRows(run, rng)];
  rows.sort((a, b) => a.startTs - b.startTs || (a.drug < b.drug ? -1 : a.drug > b.drug ? 1 : 0));
  for (const r of rows) {
    run.writer.medication(ids.guid(), studyNumber, [
      subject.subjectId,
      run.registry.nextRecordId(rng),
      r.sourceTable,
      ruleDef(r),
      r.drug,
      isoDateTime(r.startTs),
      r.endTs === null ? null : isoDateTime(r.endTs),
      r.sourceType,
      r.dosage,
      r.route,
      r.method,
      r.dose,
      r.unit,
      r.rate,
    ]);
  }
}

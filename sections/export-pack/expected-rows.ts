/**
 * For the pack's tests: how many records each SDTM dataset of a study should have, counted here from the partner
 * API's own records (never from the code under test), by the rules of docs/export-pack.md written out again:
 * - AE: each identifier.value once; TU: each subject's lesion label once;
 * - VS: every vital sign but the blood-pressure positions that become VSPOS (a position at a subject's collection
 *   time where a systolic or diastolic pressure was taken, the positions there all alike);
 * - CM and EX: the study drug's records in EX (the drug names a product the adverse events hold suspect, 3 letters or
 *   more, in any case, or the source type says study drug), every other in CM;
 * - TR: per assessment its sum, per lesion reading its state, and its measurement for a target or a reading with a
 *   value; RS: the assessments not marked as a baseline (timepoint 0, named Baseline or concluded Undefined).
 */
import { type ApiRecord, apiRecords } from "@/lib/export/pack/pack-test-support";
import type { TestService } from "@/partner-service/testing";

type Extension = { url: string; valueString?: string; valueInteger?: number };
const extOf = (r: ApiRecord, name: string) =>
  (r.extension as Extension[] | undefined)?.find((e) => e.url.endsWith(`#${name}`));
const subjectOf = (r: ApiRecord) => (r.subject as { reference?: string } | undefined)?.reference ?? null;
const codeText = (r: ApiRecord) => (r.code as { text?: string } | undefined)?.text ?? null;

const STUDY_DRUG_SOURCE = /\b(study (drug|medication|treatment)|investigational)\b/i;

export async function expectedRows(t: TestService, study: string): Promise<Record<string, number>> {
  const all = (kind: string) => apiRecords(t, `${kind}${kind.includes("?") ? "&" : "?"}researchstudy=${study}`);
  const [patients, events, labs, vitals, meds, reports, imaging] = await Promise.all([
    all("Patient"),
    all("AdverseEvent"),
    all("observation?category=laboratory"),
    all("observation?category=vital-signs"),
    all("MedicationStatement"),
    all("DiagnosticReport"),
    all("observation?category=imaging"),
  ]);
  const products = new Set(
    events.flatMap((e) =>
      ((e.suspectEntity as { causality?: { productRelatedness?: string }[] }[] | undefined) ?? []).flatMap((s) =>
        (s.causality ?? []).map((c) => c.productRelatedness?.trim().toLowerCase() ?? ""),
      ),
    ),
  );
  const isStudyDrug = (m: ApiRecord) => {
    const drug = ((m.medicationCodeableConcept as { text?: string }).text ?? "").toLowerCase();
    const source = (m.note as { text?: string }[] | undefined)?.[0]?.text ?? "";
    return [...products].some((p) => p.length >= 3 && drug.includes(p)) || STUDY_DRUG_SOURCE.test(source);
  };
  const exposures = meds.filter(isStudyDrug).length;
  const baseline = (r: ApiRecord) =>
    extOf(r, "Timepoint")?.valueInteger === 0 ||
    /^baseline$/i.test(extOf(r, "Name")?.valueString ?? "") ||
    /^undefined$/i.test((r.conclusion as string | undefined) ?? "");
  const measured = imaging.filter(
    (o) =>
      extOf(o, "Category")?.valueString === "Target" ||
      typeof (o.valueQuantity as { value?: unknown } | undefined)?.value === "number",
  ).length;
  return {
    DM: patients.length,
    AE: new Set(events.map((e) => (e.identifier as { value: string }).value)).size,
    LB: labs.length,
    VS: vitals.length - positionsAsVspos(vitals),
    CM: meds.length - exposures,
    EX: exposures,
    TU: new Set(imaging.map((o) => `${subjectOf(o)} ${extOf(o, "Label")?.valueString}`)).size,
    TR: reports.length + imaging.length + measured,
    RS: reports.filter((r) => !baseline(r)).length,
  };
}

/** The position records that become VSPOS. */
function positionsAsVspos(vitals: readonly ApiRecord[]): number {
  const at = (r: ApiRecord) => `${subjectOf(r)} ${r.effectiveDateTime as string}`;
  const pressures = new Set(
    vitals.filter((r) => /^Blood Pressure (BP Systolic|Diastolic)$/.test(codeText(r) ?? "")).map(at),
  );
  const positions = new Map<string, (string | undefined)[]>();
  for (const r of vitals.filter((v) => codeText(v) === "Blood Pressure Positioning")) {
    positions.set(at(r), [...(positions.get(at(r)) ?? []), r.valueString as string | undefined]);
  }
  let merged = 0;
  for (const [time, values] of positions)
    if (pressures.has(time) && values[0] !== undefined && values.every((v) => v === values[0])) merged += values.length;
  return merged;
}

/** Laboratory and vital-signs Observations: the same record shape, two categories. */
import type { ServedResource } from "@/partner-api/resources";
import { type BuildContext, categoryOf, ext, SYSTEMS, searchUrl, subjectRef } from "./build-context";

/** Laboratory and vital-sign Observations share one schema in the contract. */
type MeasurementObservation = ServedResource<"laboratory" | "vital-signs">;

interface MeasurementRow {
  id: string;
  subject_id: string;
  visit: string;
  collected_at: string;
  issued: string;
  practitioner_id: string;
  value: number | null;
  value_string: string | null;
  unit: string | null;
}

export interface LabRow extends MeasurementRow {
  service_code: string | null;
  test_code: string;
  reference_range: string | null;
}

export interface VitalRow extends MeasurementRow {
  service_code: string;
  item_type: string;
}

function observationBase(
  r: MeasurementRow,
  ctx: BuildContext,
  category: unknown,
  code: MeasurementObservation["code"],
): MeasurementObservation {
  return {
    resourceType: "Observation",
    id: r.id,
    extension: [
      ext(ctx, "IDB.Protocol", "valueString", ctx.study.studyNumber),
      ext(ctx, "SponsorID", "valueString", ctx.study.sponsorStudyNumber),
    ],
    identifier: [{ system: `${ctx.structureBase}#LAB_RESULTS.LR_RESULT_GUID`, value: r.id }],
    status: "final",
    category,
    code,
    subject: subjectRef(r.subject_id),
    encounter: { display: r.visit },
    effectiveDateTime: r.collected_at,
    issued: r.issued,
    performer: [{ display: `Practitioner/${r.practitioner_id}` }],
  };
}

const LAB_CATEGORY = categoryOf(SYSTEMS.observationCategory, "laboratory", "Laboratory");
const VITAL_CATEGORY = categoryOf(SYSTEMS.observationCategory, "vital-signs", "Vital Signs");

export function labResource(r: LabRow, ctx: BuildContext): ServedResource<"laboratory"> {
  const coding =
    r.service_code === null
      ? { system: ctx.systems.labCode, display: r.test_code }
      : { system: ctx.systems.labCode, code: r.service_code, display: r.test_code };
  const res = observationBase(r, ctx, LAB_CATEGORY, { coding: [coding], text: r.test_code });
  if (r.value !== null) res.valueQuantity = r.unit === null ? { value: r.value } : { value: r.value, unit: r.unit };
  if (r.value_string !== null) res.valueString = r.value_string;
  if (r.reference_range !== null) res.referenceRange = [{ text: r.reference_range }];
  return res;
}

export function vitalResource(r: VitalRow, ctx: BuildContext): ServedResource<"vital-signs"> {
  const code = {
    coding: [{ system: SYSTEMS.vitalSigns, code: r.service_code, display: r.item_type }],
    text: r.item_type,
  };
  const res = observationBase(r, ctx, VITAL_CATEGORY, code);
  if (r.value !== null) res.valueQuantity = { value: r.value, unit: r.unit ?? "", system: ctx.systems.vitalUnits };
  if (r.value_string !== null) res.valueString = r.value_string;
  return res;
}

export const labFullUrl = (r: LabRow, ctx: BuildContext) =>
  searchUrl(ctx, "observation", { researchstudy: ctx.study.studyNumber, category: "laboratory", _Id: r.id });

export const vitalFullUrl = (r: VitalRow, ctx: BuildContext) =>
  searchUrl(ctx, "observation", { researchstudy: ctx.study.studyNumber, category: "vital-signs", _Id: r.id });

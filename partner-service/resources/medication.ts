import type { ServedResource } from "@/partner-api/resources";
import { type BuildContext, SYSTEMS, searchUrl, subjectRef } from "./build-context";

export interface MedicationRow {
  id: string;
  subject_id: string;
  record_id: string;
  source_table: string;
  rule_def: string;
  drug: string;
  start_at: string;
  end_at: string | null;
  source_type: string;
  dosage_text: string;
  route: string;
  method: string;
  dose_value: number | null;
  dose_unit: string;
  rate_unit: string;
}

export function medicationResource(r: MedicationRow, ctx: BuildContext): ServedResource<"MedicationStatement"> {
  const sb = ctx.structureBase;
  return {
    resourceType: "MedicationStatement",
    id: r.id,
    extension: [
      { url: `${sb}#IDB.Protocol`, valueCode: ctx.study.studyNumber },
      { url: `${sb}#SponsorID`, valueCode: ctx.study.sponsorStudyNumber },
      { url: `${sb}#MetadataRuleDef`, valueCode: r.rule_def },
    ],
    identifier: [{ use: "official", system: ctx.systems.medicationRecord, value: `${r.record_id}-${r.source_table}` }],
    status: "unknown",
    medicationCodeableConcept: { coding: [{ system: SYSTEMS.rxnorm, code: r.drug, display: r.drug }], text: r.drug },
    subject: subjectRef(r.subject_id),
    effectivePeriod: r.end_at === null ? { start: r.start_at } : { start: r.start_at, end: r.end_at },
    note: [{ text: r.source_type }],
    dosage: [
      {
        text: r.dosage_text,
        route: { text: r.route },
        method: { text: r.method },
        doseAndRate: [
          {
            doseQuantity: r.dose_value === null ? { unit: r.dose_unit } : { value: r.dose_value, unit: r.dose_unit },
            rateQuantity: { unit: r.rate_unit },
          },
        ],
      },
    ],
  };
}

export const medicationFullUrl = (r: MedicationRow, ctx: BuildContext) =>
  searchUrl(ctx, "MedicationStatement", { researchstudy: ctx.study.studyNumber, _Id: r.id });

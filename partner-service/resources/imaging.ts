import type { ServedResource } from "@/partner-api/resources";
import { type BuildContext, categoryOf, changeText, ext, SYSTEMS, searchUrl, subjectRef } from "./build-context";

export interface LesionRow {
  lesion_id: string;
  subject_id: string;
  organ: string;
  category: string;
  state: string;
  series_number: number;
  series_description: string;
  instance_number: number;
  modality: string;
  label: string;
  change_previous: number | null;
  change_baseline: number | null;
  change_nadir: number | null;
  effective_at: string;
  value: number | null;
  unit: string;
}

export function imagingResource(r: LesionRow, ctx: BuildContext): ServedResource<"imaging"> {
  const extension = [
    ext(ctx, "IDB.Protocol", "valueString", ctx.study.studyNumber),
    ext(ctx, "SponsorID", "valueString", ctx.study.sponsorStudyNumber),
    ext(ctx, "Organ", "valueString", r.organ),
    ext(ctx, "Category", "valueString", r.category),
    ext(ctx, "State", "valueString", r.state),
    ext(ctx, "SeriesNumber", "valueInteger", r.series_number),
    ext(ctx, "SeriesDescription", "valueString", r.series_description),
    ext(ctx, "InstanceNumber", "valueInteger", r.instance_number),
    ext(ctx, "Modality", "valueString", r.modality),
    ext(ctx, "Label", "valueString", r.label),
    ext(ctx, "ChangeFromPrevious", "valueString", changeText(r.change_previous)),
    ext(ctx, "ChangeFromBaseline", "valueString", changeText(r.change_baseline)),
    ext(ctx, "ChangeFromNadir", "valueString", changeText(r.change_nadir)),
  ];
  return {
    resourceType: "Observation",
    extension,
    identifier: [{ system: `${ctx.structureBase}#LesionIdentifier`, value: r.lesion_id }],
    status: "final",
    category: categoryOf(SYSTEMS.observationCategory, "imaging", "Imaging"),
    subject: subjectRef(r.subject_id),
    effectiveDateTime: r.effective_at,
    valueQuantity: r.value === null ? { unit: r.unit } : { value: r.value, unit: r.unit },
  };
}

export const imagingFullUrl = (r: LesionRow, ctx: BuildContext) =>
  searchUrl(ctx, "observation", { researchstudy: ctx.study.studyNumber, category: "imaging", id: r.lesion_id });

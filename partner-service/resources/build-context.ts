/** Pieces shared by the resource builders: extension URLs, code systems, value formats. */
export interface StudyInfo {
  studyNumber: string;
  sponsorStudyNumber: string;
  trialName: string;
  criteria: string;
  agent: string;
}

export interface BuildContext {
  /** Absolute `{api_prefix}`. */
  api: string;
  structureBase: string;
  ctcBase: string;
  systems: ServiceSystems;
  study: StudyInfo;
}

export type ServiceSystems = ReturnType<typeof serviceSystems>;

export type Resource = Record<string, unknown>;
export type Extension = { url: string } & Record<string, unknown>;

export const SYSTEMS = {
  observationCategory: "http://terminology.hl7.org/CodeSystem/observation-category",
  diagnosticServiceSection: "http://terminology.hl7.org/CodeSystem/v2-0074",
  aeOutcome: "http://terminology.hl7.org/CodeSystem/adverse-event-outcome",
  aeCausality: "http://terminology.hl7.org/CodeSystem/adverse-event-causality-assess",
  rxnorm: "http://www.nlm.nih.gov/research/umls/rxnorm",
  vitalSigns: "http://hl7.org/fhir/ValueSet/observation-vitalsignresult",
};

/** Service-owned terminology addresses, derived from the configured bases (docs/partner-service.md, Configuration). */
export function serviceSystems(structureBase: string, ctcBase: string) {
  return {
    aeTerm: `${ctcBase}/term`,
    labCode: `${structureBase}/CodeSystem/lab-test`,
    vitalCode: `${structureBase}/CodeSystem/vital-sign`,
    vitalUnits: `${structureBase}/CodeSystem/unit`,
    medicationRecord: `${structureBase}#MedicationStatement.RecordId`,
  };
}

export function ext(ctx: BuildContext, name: string, key: string, value: unknown): Extension {
  return { url: `${ctx.structureBase}#${name}`, [key]: value };
}

export const subjectRef = (subjectId: string) => ({ reference: `Patient/${subjectId}` });

export function categoryOf(system: string, code: string, display: string) {
  return [{ coding: [{ system, code, display }], text: display }];
}

/** `+3 mm`, `-12.5 mm`, `0 mm`, or `--` when there is nothing to compare with. */
export function changeText(value: number | null): string {
  if (value === null) return "--";
  const rounded = Math.round(value * 10) / 10;
  if (rounded === 0) return "0 mm";
  return `${rounded > 0 ? "+" : "-"}${Math.abs(rounded)} mm`;
}

/** `2023-04-05...` -> `04/05/2023`, the source system's shape. */
export function usDate(iso: string): string {
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}

/** A filtered search address; built by hand because URLSearchParams costs a microsecond a row on thousand-row pages. */
export function searchUrl(ctx: BuildContext, path: string, params: Record<string, string>): string {
  let query = "";
  for (const key in params) query += `${query ? "&" : ""}${key}=${encodeURIComponent(params[key])}`;
  return `${ctx.api}/${path}?${query}`;
}

/**
 * CDC Race & Ethnicity code set (the codes the partner sends:
 * docs/partner-service.md, "Decisions where the specification is silent") to
 * the labels the portal shows. An unknown code is shown as itself so that
 * nothing is hidden; `UNK`/`unknown` is the usual "not known" answer. Codes are
 * the partner's input: they are looked up in Maps, where a code such as
 * `constructor` or `__proto__` finds nothing, never an inherited property of a
 * plain object.
 */
const CDC_LABELS = new Map([
  ["2106-3", "White"],
  ["2054-5", "Black or African American"],
  ["2028-9", "Asian"],
  ["1002-5", "American Indian or Alaska Native"],
  ["2076-8", "Native Hawaiian or Other Pacific Islander"],
  ["2131-1", "Other Race"],
  ["2135-2", "Hispanic or Latino"],
  ["2186-5", "Not Hispanic or Latino"],
]);

/** The race labels of the code set (the ethnicity codes are the last two), in its order, and "Unknown". */
export const RACE_LABELS: readonly string[] = [...CDC_LABELS.values()].slice(0, 6).concat("Unknown");

const UNKNOWN = new Set(["unk", "unknown"]);

/** The label of a CDC race or ethnicity code; undefined only when there is no code at all. */
export function cdcLabel(code: string | undefined): string | undefined {
  const trimmed = code?.trim();
  if (!trimmed) return undefined;
  if (UNKNOWN.has(trimmed.toLowerCase())) return "Unknown";
  return CDC_LABELS.get(trimmed) ?? trimmed;
}

const SEX_LABELS = new Map([
  ["male", "Male"],
  ["female", "Female"],
  ["other", "Other"],
  ["unknown", "Unknown"],
]);

/** The labels of FHIR administrative gender, in its order. */
export const SEX_LABEL_VALUES: readonly string[] = [...SEX_LABELS.values()];

/** FHIR administrative gender to a label; another value is shown as sent. */
export function sexLabel(gender: string | undefined): string | undefined {
  const trimmed = gender?.trim();
  if (!trimmed) return undefined;
  return SEX_LABELS.get(trimmed.toLowerCase()) ?? trimmed;
}

/**
 * Datasets in the shape of CDISC SDTM domains (docs/export-pack.md): each a list of variables, in the order the
 * files write them, with where each comes from in the partner data, and its records. A record is one row: a value
 * per variable name, null where the partner data has none (never dropped, never guessed).
 */

/** The Dataset-JSON 1.1 logical types the pack uses (dates and date-times are ISO 8601 text). */
export type SdtmDataType = "string" | "integer" | "float" | "date" | "datetime";

export type SdtmCell = string | number | null;
export type SdtmRecord = Readonly<Record<string, SdtmCell>>;

export interface SdtmVariable {
  name: string;
  label: string;
  dataType: SdtmDataType;
  /** Where the value comes from in the partner data, in words (the data dictionary lists it). */
  source: string;
  /** False for the few variables SDTM has no place for, which the pack keeps so that nothing is lost. */
  standard: boolean;
  /**
   * True for a variable SDTMIG requires or expects that the partner data cannot fill: the column is there, empty in
   * every record, and `source` says why. Records do not carry it; the files write it empty.
   */
  alwaysEmpty: boolean;
}

export interface SdtmDataset {
  /** The domain's two letters: `DM`, `AE`... */
  name: string;
  label: string;
  variables: readonly SdtmVariable[];
  /** The variables that identify a record, in key order (Dataset-JSON's keySequence, Define-XML's key variables). */
  keys: readonly string[];
  /** How many records `records()` gives, known before they are written (Dataset-JSON puts it first). */
  count: number;
  /** The records in the dataset's order, made one at a time: a million laboratory results are never all held. */
  records(): Iterable<SdtmRecord>;
}

/** An SDTM variable: name, label, type and source. */
export const variable = (name: string, label: string, dataType: SdtmDataType, source: string): SdtmVariable => ({
  name,
  label,
  dataType,
  source,
  standard: true,
  alwaysEmpty: false,
});

/** A variable of the portal's own, beside the SDTM ones (SDTM would put it in a supplemental qualifier). */
export const extraVariable = (name: string, label: string, dataType: SdtmDataType, source: string): SdtmVariable => ({
  ...variable(name, label, dataType, source),
  standard: false,
});

/**
 * A variable SDTMIG requires or expects that the partner data has no value for (a site, a country, a MedDRA code):
 * present in the files and empty, with the reason as its source, as SDTMIG asks of an expected variable the study
 * did not collect (docs/export-pack.md, Rules every dataset follows).
 */
export const emptyVariable = (name: string, label: string, dataType: SdtmDataType, why: string): SdtmVariable => ({
  ...variable(name, label, dataType, why),
  alwaysEmpty: true,
});

/** The variables a record carries: every one but those always empty. */
export const filledVariables = (variables: readonly SdtmVariable[]) => variables.filter((v) => !v.alwaysEmpty);

/** USUBJID: the study number and the subject ID (Patient.id) joined by a hyphen; null without a subject. */
export function usubjid(study: string, subjectId: string | null): string | null {
  return subjectId === null || subjectId === "" ? null : `${study}-${subjectId}`;
}

/** STUDYID, DOMAIN and USUBJID, the first variables of every domain, and --SEQ with the order it counts in. */
export function subjectVariables(domain: string, seqOrder: string | null): SdtmVariable[] {
  const out = [
    variable("STUDYID", "Study Identifier", "string", "the study number the connection asks for (researchstudy)"),
    variable("DOMAIN", "Domain Abbreviation", "string", `always ${domain}`),
    variable("USUBJID", "Unique Subject Identifier", "string", "STUDYID, a hyphen and the subject ID (Patient.id)"),
  ];
  if (seqOrder !== null) out.push(variable(`${domain}SEQ`, "Sequence Number", "integer", `per subject, ${seqOrder}`));
  return out;
}

/** --STAT: `NOT DONE` when a finding has no result, so that a missing value is said, not left blank alone. */
export const notDone = (result: SdtmCell) => (result === null ? "NOT DONE" : null);

/**
 * A number as --ORRES text: JavaScript's shortest form that reads back as the same number (`5.1`, `0.25`, `12`),
 * never in exponent notation (`1e-7` is written `0.0000001`).
 */
export function numberText(n: number): string {
  const text = String(n);
  if (!/e/i.test(text)) return text;
  return Math.abs(n) >= 1 ? BigInt(Math.round(n)).toString() : n.toFixed(20).replace(/0+$/, "");
}

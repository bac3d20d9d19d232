/**
 * What LB and VS share: a laboratory or vital-sign row (docs/clinical-rules.md, Laboratory and vital-sign rows) as
 * the result variables of a findings domain, and their order within a subject.
 */
import { type MeasurementRow, TEST_MISSING } from "../measurements/rows";
import { emptyVariable, notDone, numberText, type SdtmRecord, type SdtmVariable, variable } from "./dataset";
import { dtc } from "./iso-8601";
import { byKeys, compareText, type DomainRows } from "./sequence";

export interface MeasurementInput {
  study: string;
  rows: readonly MeasurementRow[];
}

/** --ORRES: the number as text, else the text result; null when the record has neither. */
export function originalResult(row: MeasurementRow): string | null {
  return row.value !== null ? numberText(row.value) : row.text;
}

/** The test's name; null for a record that names none. */
export const testOf = (row: MeasurementRow) => (row.test === TEST_MISSING ? null : row.test);

/** Within a subject: by collection time as sent (text order), then test, then record ID; none last. */
export const measurementOrder = byKeys<MeasurementRow>(
  (a, b) => compareText(a.collectedAt, b.collectedAt),
  (a, b) => compareText(testOf(a), testOf(b)),
  (a, b) => compareText(a.id, b.id),
);

/** A measurement domain's rows: by subject in the measurement order, each made a record by `record`. */
export function measurementRows(record: (row: MeasurementRow, seq: number) => SdtmRecord): DomainRows<MeasurementRow> {
  return { subjectOf: (r) => r.subjectId, compare: measurementOrder, record };
}

export interface ResultCells {
  orres: string | null;
  orresu: string | null;
  stat: string | null;
  visit: string | null;
  dtc: string | null;
}

/**
 * The result, status, visit and date of a record, for the domain to name (LBORRES, VSORRES...). The domains write
 * their records as literals of fixed keys: a million records made by spreading objects of computed keys were
 * several times slower.
 */
export function resultCells(row: MeasurementRow): ResultCells {
  const orres = originalResult(row);
  return { orres, orresu: row.unit, stat: notDone(orres), visit: row.visit, dtc: dtc(row.collectedAt) };
}

/** SDTMIG 3.4's label of each findings domain's --DTC. */
const DTC_LABEL = { LB: "Date/Time of Specimen Collection", VS: "Date/Time of Measurements" } as const;

export function resultVariables(prefix: keyof typeof DTC_LABEL): Record<string, SdtmVariable> {
  return {
    ORRES: variable(
      `${prefix}ORRES`,
      "Result or Finding in Original Units",
      "string",
      "valueQuantity.value as text, else valueString",
    ),
    ORRESU: variable(`${prefix}ORRESU`, "Original Units", "string", "valueQuantity.unit"),
    STAT: variable(`${prefix}STAT`, "Completion Status", "string", "NOT DONE when the record has no result"),
    VISITNUM: emptyVariable("VISITNUM", "Visit Number", "integer", "empty: the partner sends visit names, no numbers"),
    VISIT: variable("VISIT", "Visit Name", "string", "encounter.display (the protocol visit)"),
    DTC: variable(`${prefix}DTC`, DTC_LABEL[prefix], "datetime", "effectiveDateTime, as sent (ISO 8601)"),
  };
}

const NO_STANDARD = "empty: the clinical rules define no standard units, so no result is restated";

/** --STRESC, --STRESN, --STRESU: SDTMIG expects them; the pack writes results in their original units only. */
export const standardResultVariables = (prefix: string): SdtmVariable[] => [
  emptyVariable(`${prefix}STRESC`, "Character Result/Finding in Std Format", "string", NO_STANDARD),
  emptyVariable(`${prefix}STRESN`, "Numeric Result/Finding in Standard Units", "float", NO_STANDARD),
  emptyVariable(`${prefix}STRESU`, "Standard Units", "string", NO_STANDARD),
];

/** --LOBXFL: the last observation before the first dose, which SDTMIG expects and the portal does not derive. */
export const baselineFlagVariable = (prefix: string): SdtmVariable =>
  emptyVariable(
    `${prefix}LOBXFL`,
    "Last Observation Before Exposure Flag",
    "string",
    "empty: the portal does not flag the last observation before the first dose",
  );

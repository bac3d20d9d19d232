/**
 * What LB and VS share: a laboratory or vital-sign row (docs/clinical-rules.md, Laboratory and vital-sign rows) as
 * the result variables of a findings domain, and their order within a subject.
 */
import { type MeasurementRow, TEST_MISSING } from "../measurements/rows";
import { notDone, numberText, type SdtmRecord, type SdtmVariable, variable } from "./dataset";
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

export function resultVariables(prefix: string): Record<string, SdtmVariable> {
  return {
    ORRES: variable(
      `${prefix}ORRES`,
      "Result or Finding in Original Units",
      "string",
      "valueQuantity.value as text, else valueString",
    ),
    ORRESU: variable(`${prefix}ORRESU`, "Original Units", "string", "valueQuantity.unit"),
    STAT: variable(`${prefix}STAT`, "Completion Status", "string", "NOT DONE when the record has no result"),
    VISIT: variable("VISIT", "Visit Name", "string", "encounter.display (the protocol visit)"),
    DTC: variable(`${prefix}DTC`, "Date/Time of Collection", "datetime", "effectiveDateTime, as sent (ISO 8601)"),
  };
}

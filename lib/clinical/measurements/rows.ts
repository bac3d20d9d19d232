/**
 * Laboratory and vital-sign Observations as compact rows. A large study holds
 * a million of them, so a row keeps only what trends and tables show, and
 * every repeated string (codes, units, visits, ranges) is interned.
 */
import type { MeasurementResource } from "@/partner-api/resources";
import { type Intern, noIntern, subjectOf } from "../common/fhir";

export interface MeasurementRow {
  /** Observation.id, or the first identifier when a service sends no id. */
  id: string;
  subjectId: string | null;
  /** The source test code or vital-sign item type (`code.text`, else the first coding's display). */
  test: string;
  /** The service's code; null where the source had none (empty strings count as none). */
  code: string | null;
  visit: string | null;
  collectedAt: string | null;
  value: number | null;
  text: string | null;
  unit: string | null;
  range: string | null;
}

/** The test of a record that names none (the SDTM export writes it as missing). */
export const TEST_MISSING = "(no test code)";

const opt = (s: string | undefined, intern: Intern) => (s === undefined || s.trim() === "" ? null : intern(s));
/** The first of the names that says something: an empty `code.text` must not hide the coding's display. */
const firstName = (...names: (string | undefined)[]) => names.find((n) => n !== undefined && n.trim() !== "");

export function measurementRow(o: MeasurementResource, intern: Intern = noIntern): MeasurementRow {
  const coding = o.code?.coding?.[0];
  return {
    id: o.id ?? o.identifier?.[0]?.value ?? "",
    subjectId: subjectOf(o.subject.reference, intern),
    test: intern(firstName(o.code?.text, coding?.display, coding?.code) ?? TEST_MISSING),
    code: opt(coding?.code, intern),
    visit: opt(o.encounter?.display, intern),
    // One collection time is shared by every test of a visit: interned, it is kept once (about 40 MB a million rows).
    collectedAt: opt(o.effectiveDateTime, intern),
    value: typeof o.valueQuantity?.value === "number" ? o.valueQuantity.value : null,
    text: opt(o.valueString, intern),
    unit: opt(o.valueQuantity?.unit, intern),
    range: opt(o.referenceRange?.[0]?.text, intern),
  };
}

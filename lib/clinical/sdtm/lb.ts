/**
 * LB (Laboratory Test Results): one record per laboratory Observation the partner sent. The result and unit as
 * sent; the reference range's bounds and the L/H flag by the portal's reading of the range text
 * (docs/clinical-rules.md, Laboratory), the text itself kept beside them. LBTESTCD is the partner's test code and
 * LBTEST its name by the portal's table (./test-codes.ts), the partner sending no name (docs/export-pack.md, LB).
 */
import { parseReferenceRange, resultFlag } from "../laboratory/reference-range";
import {
  emptyVariable,
  extraVariable,
  numberText,
  type SdtmDataset,
  subjectVariables,
  usubjid,
  variable,
} from "./dataset";
import {
  baselineFlagVariable,
  type MeasurementInput,
  measurementRows,
  resultCells,
  resultVariables,
  standardResultVariables,
  testOf,
} from "./findings";
import { sequencedDataset } from "./sequence";
import { isTestCode, labTestName } from "./test-codes";

const result = resultVariables("LB");
const NO_STANDARD = "empty: the clinical rules define no standard units, so no range is restated";

export const LB_VARIABLES = [
  ...subjectVariables("LB", "by LBDTC, then the test as sent (none last), then LBSPID"),
  variable("LBSPID", "Sponsor-Defined Identifier", "string", "Observation.id (the result's GUID)"),
  variable("LBTESTCD", "Lab Test or Examination Short Name", "string", "code.text, the test code, when a valid TESTCD"),
  variable("LBTEST", "Lab Test or Examination Name", "string", "the code's name by the portal's table of tests"),
  emptyVariable("LBCAT", "Category for Lab Test", "string", "empty: the partner service sends no panel"),
  result.ORRES,
  result.ORRESU,
  variable("LBORNRLO", "Reference Range Lower Limit in Orig Unit", "string", "the low bound of the range text"),
  variable("LBORNRHI", "Reference Range Upper Limit in Orig Unit", "string", "the high bound of the range text"),
  ...standardResultVariables("LB"),
  emptyVariable("LBSTNRLO", "Reference Range Lower Limit-Std Units", "float", NO_STANDARD),
  emptyVariable("LBSTNRHI", "Reference Range Upper Limit-Std Units", "float", NO_STANDARD),
  variable("LBNRIND", "Reference Range Indicator", "string", "LOW or HIGH outside the range, else NORMAL"),
  result.STAT,
  baselineFlagVariable("LB"),
  result.VISITNUM,
  result.VISIT,
  result.DTC,
  extraVariable("LBSVCCD", "Partner Service Test Code", "string", "code.coding[0].code (LB0101...)"),
  extraVariable("LBORNRTX", "Reference Range as Sent", "string", "referenceRange[0].text, as sent"),
  extraVariable("LBTSTRAW", "Test Code as Sent, No TESTCD", "string", "code.text when it is no valid LBTESTCD"),
];

const INDICATOR = { L: "LOW", N: "NORMAL", H: "HIGH" } as const;

const bound = (b: number | null) => (b === null ? null : numberText(b));

export function lbDataset({ study, rows }: MeasurementInput): SdtmDataset {
  const keys = ["STUDYID", "USUBJID", "LBTESTCD", "LBDTC", "LBSPID"];
  const meta = { name: "LB", label: "Laboratory Test Results", variables: LB_VARIABLES, keys };
  return sequencedDataset(
    meta,
    rows,
    measurementRows((r, seq) => {
      const range = r.range === null ? null : parseReferenceRange(r.range);
      const flag = resultFlag(r.value, r.range);
      const cells = resultCells(r);
      const test = testOf(r);
      const valid = isTestCode(test);
      return {
        STUDYID: study,
        DOMAIN: "LB",
        USUBJID: usubjid(study, r.subjectId),
        LBSEQ: seq,
        LBSPID: r.id,
        LBTESTCD: valid ? test : null,
        LBTEST: labTestName(test),
        LBORRES: cells.orres,
        LBORRESU: cells.orresu,
        LBORNRLO: bound(range?.low ?? null),
        LBORNRHI: bound(range?.high ?? null),
        LBNRIND: flag === null ? null : INDICATOR[flag],
        LBSTAT: cells.stat,
        VISIT: cells.visit,
        LBDTC: cells.dtc,
        LBSVCCD: r.code,
        LBORNRTX: r.range,
        LBTSTRAW: valid ? null : test,
      };
    }),
  );
}

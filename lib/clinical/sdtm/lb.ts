/**
 * LB (Laboratory Test Results): one record per laboratory Observation the partner sent. The result and unit as
 * sent; the reference range's bounds and the L/H flag by the portal's reading of the range text
 * (docs/clinical-rules.md, Laboratory), the text itself kept beside them.
 */
import { parseReferenceRange, resultFlag } from "../laboratory/reference-range";
import { extraVariable, numberText, type SdtmDataset, subjectVariables, usubjid, variable } from "./dataset";
import { type MeasurementInput, measurementRows, resultCells, resultVariables, testOf } from "./findings";
import { sequencedDataset } from "./sequence";

const result = resultVariables("LB");

export const LB_VARIABLES = [
  ...subjectVariables("LB", "by LBDTC, then LBTESTCD (none last), then LBREFID"),
  variable("LBREFID", "Reference ID", "string", "Observation.id (the result's GUID)"),
  variable("LBTESTCD", "Lab Test or Examination Short Name", "string", "code.text: the source's test code"),
  variable("LBTEST", "Lab Test or Examination Name", "string", "code.text (the partner sends no longer name)"),
  result.ORRES,
  result.ORRESU,
  variable("LBORNRLO", "Reference Range Lower Limit in Orig Unit", "string", "the low bound of the range text"),
  variable("LBORNRHI", "Reference Range Upper Limit in Orig Unit", "string", "the high bound of the range text"),
  variable("LBNRIND", "Reference Range Indicator", "string", "LOW or HIGH outside the range, else NORMAL"),
  result.STAT,
  result.VISIT,
  result.DTC,
  extraVariable("LBSVCCD", "Partner Service Test Code", "string", "code.coding[0].code (LB0101...)"),
  extraVariable("LBORNRTX", "Reference Range as Sent", "string", "referenceRange[0].text, as sent"),
];

const INDICATOR = { L: "LOW", N: "NORMAL", H: "HIGH" } as const;

const bound = (b: number | null) => (b === null ? null : numberText(b));

export function lbDataset({ study, rows }: MeasurementInput): SdtmDataset {
  const meta = { name: "LB", label: "Laboratory Test Results", variables: LB_VARIABLES };
  return sequencedDataset(
    meta,
    rows,
    measurementRows((r, seq) => {
      const range = r.range === null ? null : parseReferenceRange(r.range);
      const flag = resultFlag(r.value, r.range);
      const cells = resultCells(r);
      return {
        STUDYID: study,
        DOMAIN: "LB",
        USUBJID: usubjid(study, r.subjectId),
        LBSEQ: seq,
        LBREFID: r.id,
        LBTESTCD: testOf(r),
        LBTEST: testOf(r),
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
      };
    }),
  );
}

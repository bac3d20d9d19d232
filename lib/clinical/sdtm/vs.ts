/**
 * VS (Vital Signs): one record per vital-sign Observation the partner sent, the result and unit as sent. The
 * partner names each item in words (`Blood Pressure BP Systolic`) with a code of its own (`VS0001`): VSTESTCD is
 * that code, VSTEST the name; without a code, both are the name (docs/export-pack.md, VS).
 */
import { type SdtmDataset, subjectVariables, usubjid, variable } from "./dataset";
import { type MeasurementInput, measurementRows, resultCells, resultVariables, testOf } from "./findings";
import { sequencedDataset } from "./sequence";

const result = resultVariables("VS");

export const VS_VARIABLES = [
  ...subjectVariables("VS", "by VSDTC, then VSTEST (none last), then VSREFID"),
  variable("VSREFID", "Reference ID", "string", "Observation.id"),
  variable("VSTESTCD", "Vital Signs Test Short Name", "string", "code.coding[0].code, else code.text"),
  variable("VSTEST", "Vital Signs Test Name", "string", "code.text: the item type as the source names it"),
  result.ORRES,
  result.ORRESU,
  result.STAT,
  result.VISIT,
  result.DTC,
];

export function vsDataset({ study, rows }: MeasurementInput): SdtmDataset {
  const meta = { name: "VS", label: "Vital Signs", variables: VS_VARIABLES };
  return sequencedDataset(
    meta,
    rows,
    measurementRows((r, seq) => {
      const cells = resultCells(r);
      return {
        STUDYID: study,
        DOMAIN: "VS",
        USUBJID: usubjid(study, r.subjectId),
        VSSEQ: seq,
        VSREFID: r.id,
        VSTESTCD: r.code ?? testOf(r),
        VSTEST: testOf(r),
        VSORRES: cells.orres,
        VSORRESU: cells.orresu,
        VSSTAT: cells.stat,
        VISIT: cells.visit,
        VSDTC: cells.dtc,
      };
    }),
  );
}

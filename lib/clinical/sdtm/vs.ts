/**
 * VS (Vital Signs): one record per vital-sign Observation the partner sent, the result and unit as sent, but for
 * the blood-pressure position: the partner sends it as an item of its own (`Blood Pressure Positioning`), which SDTM
 * writes as VSPOS on the blood pressures taken with it. The partner's items are written as CDISC's tests by the
 * portal's table (./test-codes.ts), the item as sent kept beside (docs/export-pack.md, VS).
 */
import type { MeasurementRow } from "../measurements/rows";
import { extraVariable, type SdtmDataset, subjectVariables, usubjid, variable } from "./dataset";
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
import { BLOOD_PRESSURE_TESTS, isTestCode, vitalTest } from "./test-codes";
import { positions } from "./vs-positions";

const result = resultVariables("VS");

export const VS_VARIABLES = [
  ...subjectVariables("VS", "by VSDTC, then the item as sent (none last), then VSSPID"),
  variable("VSSPID", "Sponsor-Defined Identifier", "string", "Observation.id"),
  variable("VSTESTCD", "Vital Signs Test Short Name", "string", "the item's CDISC test code, else its valid code"),
  variable("VSTEST", "Vital Signs Test Name", "string", "the item's CDISC test name, else the item as sent"),
  variable(
    "VSPOS",
    "Vital Signs Position of Subject",
    "string",
    "Blood Pressure Positioning at the same time, as sent",
  ),
  result.ORRES,
  result.ORRESU,
  ...standardResultVariables("VS"),
  result.STAT,
  baselineFlagVariable("VS"),
  result.VISITNUM,
  result.VISIT,
  result.DTC,
  extraVariable("VSSVCCD", "Partner Service Item Code", "string", "code.coding[0].code (VS0001...)"),
  extraVariable("VSITEM", "Vital-Sign Item as Sent", "string", "code.text: the item type as the source names it"),
];

/** The test code and name of a row: the table's, else a valid code of the partner's and the item as sent. */
function testOfRow(r: MeasurementRow): { code: string | null; name: string | null } {
  const item = testOf(r);
  const known = vitalTest(item);
  if (known) return known;
  return { code: isTestCode(r.code) ? r.code : null, name: item };
}

export function vsDataset({ study, rows }: MeasurementInput): SdtmDataset {
  const keys = ["STUDYID", "USUBJID", "VSTESTCD", "VSPOS", "VSDTC", "VSSPID"];
  const meta = { name: "VS", label: "Vital Signs", variables: VS_VARIABLES, keys };
  const { positionAt, kept } = positions(rows, (r) => {
    const code = vitalTest(testOf(r))?.code;
    return code !== undefined && BLOOD_PRESSURE_TESTS.has(code);
  });
  return sequencedDataset(
    meta,
    kept,
    measurementRows((r, seq) => {
      const cells = resultCells(r);
      const test = testOfRow(r);
      return {
        STUDYID: study,
        DOMAIN: "VS",
        USUBJID: usubjid(study, r.subjectId),
        VSSEQ: seq,
        VSSPID: r.id,
        VSTESTCD: test.code,
        VSTEST: test.name,
        VSPOS: positionAt(r),
        VSORRES: cells.orres,
        VSORRESU: cells.orresu,
        VSSTAT: cells.stat,
        VISIT: cells.visit,
        VSDTC: cells.dtc,
        VSSVCCD: r.code,
        VSITEM: testOf(r),
      };
    }),
  );
}

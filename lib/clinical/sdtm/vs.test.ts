import { describe, expect, it } from "vitest";
import { type MeasurementRow, TEST_MISSING } from "../measurements/rows";
import { pick, recordsOf } from "./testing";
import { vsDataset } from "./vs";

const vital = (id: string, over: Partial<MeasurementRow> = {}): MeasurementRow => ({
  id,
  subjectId: "S1",
  test: "Blood Pressure BP Systolic",
  code: "VS0001",
  visit: "Screening",
  collectedAt: "2024-01-02T09:30:00",
  value: 128,
  text: null,
  unit: "mmHg",
  range: null,
  ...over,
});

const vs = (...rows: MeasurementRow[]) => recordsOf(vsDataset({ study: "CARD-201", rows }));

describe("VS", () => {
  it("writes the item's code and name, the result and unit as sent", () => {
    expect(vs(vital("v1"))).toEqual([
      {
        STUDYID: "CARD-201",
        DOMAIN: "VS",
        USUBJID: "CARD-201-S1",
        VSSEQ: 1,
        VSREFID: "v1",
        VSTESTCD: "VS0001",
        VSTEST: "Blood Pressure BP Systolic",
        VSORRES: "128",
        VSORRESU: "mmHg",
        VSSTAT: null,
        VISIT: "Screening",
        VSDTC: "2024-01-02T09:30:00",
      },
    ]);
  });

  it("names an item without a code by its name; a text result as text; no result NOT DONE", () => {
    const rows = vs(
      vital("a", { test: "Blood Pressure Positioning", code: null, value: null, text: "Sitting", unit: null }),
      vital("b", { test: "Temperature F", code: "VS0010", value: 98.6, unit: "F" }),
      vital("c", { test: TEST_MISSING, code: null, value: null, unit: null }),
    );
    expect(pick(rows, "VSREFID", "VSTESTCD", "VSTEST", "VSORRES", "VSORRESU", "VSSTAT")).toEqual([
      {
        VSREFID: "a",
        VSTESTCD: "Blood Pressure Positioning",
        VSTEST: "Blood Pressure Positioning",
        VSORRES: "Sitting",
        VSORRESU: null,
        VSSTAT: null,
      },
      { VSREFID: "b", VSTESTCD: "VS0010", VSTEST: "Temperature F", VSORRES: "98.6", VSORRESU: "F", VSSTAT: null },
      { VSREFID: "c", VSTESTCD: null, VSTEST: null, VSORRES: null, VSORRESU: null, VSSTAT: "NOT DONE" },
    ]);
  });

  it("numbers VSSEQ per subject by time, then name, then ID", () => {
    const rows = vs(
      vital("x", { subjectId: "S2" }),
      vital("c", { test: "Weight (kilograms)" }),
      vital("b", { collectedAt: "2024-01-01T10:00:00" }),
      vital("a", { test: "BSA m2" }),
    );
    expect(pick(rows, "USUBJID", "VSSEQ", "VSREFID")).toEqual([
      { USUBJID: "CARD-201-S1", VSSEQ: 1, VSREFID: "b" },
      { USUBJID: "CARD-201-S1", VSSEQ: 2, VSREFID: "a" },
      { USUBJID: "CARD-201-S1", VSSEQ: 3, VSREFID: "c" },
      { USUBJID: "CARD-201-S2", VSSEQ: 1, VSREFID: "x" },
    ]);
  });
});

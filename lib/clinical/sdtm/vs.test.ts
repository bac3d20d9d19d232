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
  it("writes the item as CDISC's test, the item and its code as sent beside, the result and unit as sent", () => {
    expect(vs(vital("v1"))).toEqual([
      {
        STUDYID: "CARD-201",
        DOMAIN: "VS",
        USUBJID: "CARD-201-S1",
        VSSEQ: 1,
        VSSPID: "v1",
        VSTESTCD: "SYSBP",
        VSTEST: "Systolic Blood Pressure",
        VSPOS: null,
        VSORRES: "128",
        VSORRESU: "mmHg",
        VSSTAT: null,
        VISIT: "Screening",
        VSDTC: "2024-01-02T09:30:00",
        VSSVCCD: "VS0001",
        VSITEM: "Blood Pressure BP Systolic",
      },
    ]);
  });

  it("writes every item the partner lists as its test; two items of one test keep their item", () => {
    const items: [string, string | null, string, string][] = [
      ["Blood Pressure Diastolic", "VS0002", "DIABP", "Diastolic Blood Pressure"],
      ["BSA m2", "VS0004", "BSA", "Body Surface Area"],
      ["Height (centimeters)", "VS0005", "HEIGHT", "Height"],
      ["Last recorded Height", null, "HEIGHT", "Height"],
      ["Pulse Ox (SpO2)", "VS0007", "OXYSAT", "Oxygen Saturation"],
      ["Pulse/Heart Rate", "VS0008", "PULSE", "Pulse Rate"],
      ["Resp Rate", "VS0009", "RESP", "Respiratory Rate"],
      ["Temperature F", "VS0010", "TEMP", "Temperature"],
      ["temperature temp c ", "VS0011", "TEMP", "Temperature"],
      ["Weight (kilograms)", "VS0012", "WEIGHT", "Weight"],
    ];
    const rows = vs(...items.map(([test, code], i) => vital(`r${i}`, { collectedAt: `2024-01-1${i}`, test, code })));
    const byRef = new Map(rows.map((r) => [r.VSSPID, r]));
    items.forEach(([test, code, testcd, name], i) => {
      expect(pick([byRef.get(`r${i}`)!], "VSTESTCD", "VSTEST", "VSSVCCD", "VSITEM")).toEqual([
        { VSTESTCD: testcd, VSTEST: name, VSSVCCD: code, VSITEM: test },
      ]);
    });
  });

  it("writes an item it does not know by its code when that is a valid VSTESTCD, named as sent", () => {
    const rows = vs(
      vital("a", { test: "Waist Circumference", code: "VS0013" }),
      vital("b", { test: "Head Circumference", code: "VS-14" }),
      vital("c", { test: "Arm Span", code: null }),
      vital("d", { test: "Grip", code: "9GRIP" }),
      vital("e", { test: TEST_MISSING, code: null, value: null, unit: null }),
      vital("f", { test: "Mood", code: "V_MOOD", value: null, text: "Good", unit: null }),
    );
    expect(pick(rows, "VSSPID", "VSTESTCD", "VSTEST", "VSORRES", "VSSTAT")).toEqual([
      { VSSPID: "c", VSTESTCD: null, VSTEST: "Arm Span", VSORRES: "128", VSSTAT: null },
      { VSSPID: "d", VSTESTCD: null, VSTEST: "Grip", VSORRES: "128", VSSTAT: null },
      { VSSPID: "b", VSTESTCD: null, VSTEST: "Head Circumference", VSORRES: "128", VSSTAT: null },
      { VSSPID: "f", VSTESTCD: "V_MOOD", VSTEST: "Mood", VSORRES: "Good", VSSTAT: null },
      { VSSPID: "a", VSTESTCD: "VS0013", VSTEST: "Waist Circumference", VSORRES: "128", VSSTAT: null },
      { VSSPID: "e", VSTESTCD: null, VSTEST: null, VSORRES: null, VSSTAT: "NOT DONE" },
    ]);
  });

  it("numbers VSSEQ per subject by time, then name, then ID", () => {
    const rows = vs(
      vital("x", { subjectId: "S2" }),
      vital("c", { test: "Weight (kilograms)", code: "VS0012" }),
      vital("b", { collectedAt: "2024-01-01T10:00:00" }),
      vital("a", { test: "BSA m2", code: "VS0004" }),
    );
    expect(pick(rows, "USUBJID", "VSSEQ", "VSSPID")).toEqual([
      { USUBJID: "CARD-201-S1", VSSEQ: 1, VSSPID: "b" },
      { USUBJID: "CARD-201-S1", VSSEQ: 2, VSSPID: "a" },
      { USUBJID: "CARD-201-S1", VSSEQ: 3, VSSPID: "c" },
      { USUBJID: "CARD-201-S2", VSSEQ: 1, VSSPID: "x" },
    ]);
  });
});

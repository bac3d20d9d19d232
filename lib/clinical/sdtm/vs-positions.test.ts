/** The blood-pressure position as VSPOS (docs/export-pack.md, VS), each case worked out by hand. */
import { describe, expect, it } from "vitest";
import type { MeasurementRow } from "../measurements/rows";
import { pick, recordsOf } from "./testing";
import { vsDataset } from "./vs";

const T1 = "2024-01-02T09:30:00";
const T2 = "2024-02-02T09:30:00";

const vital = (id: string, test: string, over: Partial<MeasurementRow> = {}): MeasurementRow => ({
  id,
  subjectId: "S1",
  test,
  code: null,
  visit: "Screening",
  collectedAt: T1,
  value: 120,
  text: null,
  unit: "mmHg",
  range: null,
  ...over,
});
const sys = (id: string, over: Partial<MeasurementRow> = {}) => vital(id, "Blood Pressure BP Systolic", over);
const dia = (id: string, over: Partial<MeasurementRow> = {}) => vital(id, "Blood Pressure Diastolic", over);
const pos = (id: string, text: string | null, over: Partial<MeasurementRow> = {}) =>
  vital(id, "Blood Pressure Positioning", { value: null, text, unit: null, ...over });

const vs = (...rows: MeasurementRow[]) =>
  pick(recordsOf(vsDataset({ study: "S", rows })), "USUBJID", "VSSPID", "VSTESTCD", "VSTEST", "VSPOS", "VSORRES");

describe("VSPOS", () => {
  it("puts the position on the pressures of its subject and time, and writes no record of it", () => {
    const rows = vs(sys("s"), dia("d"), pos("p", "Sitting"), vital("h", "Pulse/Heart Rate", { value: 70 }));
    // By time, then item as sent in code-point order: "Blood Pressure BP…" < "Blood Pressure D…" < "Pulse…".
    expect(rows).toEqual([
      {
        USUBJID: "S-S1",
        VSSPID: "s",
        VSTESTCD: "SYSBP",
        VSTEST: "Systolic Blood Pressure",
        VSPOS: "Sitting",
        VSORRES: "120",
      },
      {
        USUBJID: "S-S1",
        VSSPID: "d",
        VSTESTCD: "DIABP",
        VSTEST: "Diastolic Blood Pressure",
        VSPOS: "Sitting",
        VSORRES: "120",
      },
      { USUBJID: "S-S1", VSSPID: "h", VSTESTCD: "PULSE", VSTEST: "Pulse Rate", VSPOS: null, VSORRES: "70" },
    ]);
  });

  it("applies two records giving the same position, whatever their case of item", () => {
    const rows = vs(sys("s"), pos("p1", "Supine"), pos("p2", "Supine", { test: " blood pressure positioning" }));
    expect(rows).toEqual([
      {
        USUBJID: "S-S1",
        VSSPID: "s",
        VSTESTCD: "SYSBP",
        VSTEST: "Systolic Blood Pressure",
        VSPOS: "Supine",
        VSORRES: "120",
      },
    ]);
  });

  it("keeps as its own record a position no pressure shares, or that disagrees, or has no value", () => {
    const rows = vs(
      // T2: a position with no pressure of S1 at that time (S2's pressure is another subject's).
      pos("p0", "Standing", { collectedAt: T2 }),
      sys("x", { subjectId: "S2", collectedAt: T2 }),
      // T1: two positions that disagree.
      sys("s"),
      pos("p1", "Sitting"),
      pos("p2", "Standing"),
    );
    expect(rows).toEqual([
      {
        USUBJID: "S-S1",
        VSSPID: "s",
        VSTESTCD: "SYSBP",
        VSTEST: "Systolic Blood Pressure",
        VSPOS: null,
        VSORRES: "120",
      },
      {
        USUBJID: "S-S1",
        VSSPID: "p1",
        VSTESTCD: null,
        VSTEST: "Blood Pressure Positioning",
        VSPOS: null,
        VSORRES: "Sitting",
      },
      {
        USUBJID: "S-S1",
        VSSPID: "p2",
        VSTESTCD: null,
        VSTEST: "Blood Pressure Positioning",
        VSPOS: null,
        VSORRES: "Standing",
      },
      {
        USUBJID: "S-S1",
        VSSPID: "p0",
        VSTESTCD: null,
        VSTEST: "Blood Pressure Positioning",
        VSPOS: null,
        VSORRES: "Standing",
      },
      {
        USUBJID: "S-S2",
        VSSPID: "x",
        VSTESTCD: "SYSBP",
        VSTEST: "Systolic Blood Pressure",
        VSPOS: null,
        VSORRES: "120",
      },
    ]);
    const empty = vs(dia("d"), pos("p", null));
    expect(empty.map((r) => [r.VSSPID, r.VSPOS, r.VSORRES])).toEqual([
      ["d", null, "120"],
      ["p", null, null],
    ]);
  });

  it("matches no position to a record without a subject or a time", () => {
    const rows = vs(sys("s", { collectedAt: null }), pos("p", "Sitting", { collectedAt: null }));
    // "Blood Pressure BP…" before "Blood Pressure Positioning".
    expect(rows.map((r) => [r.VSSPID, r.VSPOS])).toEqual([
      ["s", null],
      ["p", null],
    ]);
  });
});

import { describe, expect, it } from "vitest";
import type { AdverseEventRow } from "../adverse-events/rows";
import type { MeasurementRow } from "../measurements/rows";
import { adverseEventFindings, laboratoryFindings } from "./record-checks";

const ae = (key: string, over: Partial<AdverseEventRow> = {}): AdverseEventRow => ({
  key,
  subjectId: "S1",
  sequence: 1,
  term: "Nausea",
  grade: 2,
  ctcaeVersion: "5.0",
  start: "2024-03-10",
  end: "2024-03-12",
  ongoing: false,
  outcome: "Resolved",
  causality: null,
  suspectProduct: null,
  verified: true,
  ...over,
});

const lab = (id: string, over: Partial<MeasurementRow> = {}): MeasurementRow => ({
  id,
  subjectId: "S1",
  test: "K",
  code: "LB0202",
  visit: "Cycle 1 Day 1",
  collectedAt: "2024-03-10T08:30:00",
  value: 3.7,
  text: null,
  unit: "mmol/L",
  range: "3.5-5.1",
  ...over,
});

const rows = (findings: ReturnType<typeof adverseEventFindings>) =>
  findings.map((f) => [f.rule, f.subjectId, f.date, f.records, f.found, f.expected]);

describe("adverse-event checks", () => {
  it.each([
    ["dates in order, graded", [ae("E1")], []],
    ["ending the day it starts", [ae("E1", { end: "2024-03-10" })], []],
    ["ongoing, no end", [ae("E1", { end: null, ongoing: true })], []],
    ["no start: nothing to compare", [ae("E1", { start: null, end: "2024-03-01" })], []],
    [
      "ending a day before it starts",
      [ae("E1", { end: "2024-03-09" })],
      [
        [
          "ae-end-before-start",
          "S1",
          "2024-03-10",
          [{ kind: "adverse-event", key: "E1" }],
          "Nausea: ends 2024-03-09",
          "an end on or after the start, 2024-03-10",
        ],
      ],
    ],
    [
      "no grade, sent twice under one key: one event",
      [ae("E1", { grade: null }), ae("E1", { grade: null })],
      [
        [
          "ae-no-grade",
          "S1",
          "2024-03-10",
          [{ kind: "adverse-event", key: "E1" }],
          "Nausea: no grade",
          "a CTCAE grade from 1 to 5",
        ],
      ],
    ],
  ])("%s", (_, events, expected) => {
    expect(rows(adverseEventFindings(events))).toEqual(expected);
  });
});

describe("laboratory checks", () => {
  it.each([
    ["a number with its unit", [lab("L1")], []],
    ["a text result needs no unit", [lab("L1", { value: null, text: "Trace", unit: null })], []],
    ["no value at all is not this rule's", [lab("L1", { value: null, unit: null })], []],
    [
      "a number without a unit, whatever its date",
      [lab("L1", { unit: null }), lab("L2", { unit: null, visit: null, collectedAt: "not a date", value: 0 })],
      [
        [
          "lab-no-unit",
          "S1",
          "2024-03-10",
          [{ kind: "laboratory", key: "L1", test: "K", collectedAt: "2024-03-10T08:30:00" }],
          "K 3.7 at Cycle 1 Day 1: no unit",
          "a unit",
        ],
        [
          "lab-no-unit",
          "S1",
          null,
          [{ kind: "laboratory", key: "L2", test: "K", collectedAt: "not a date" }],
          "K 0: no unit",
          "a unit",
        ],
      ],
    ],
  ])("%s", (_, results, expected) => {
    expect(rows(laboratoryFindings(results))).toEqual(expected);
  });
});

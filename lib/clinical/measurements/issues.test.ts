/**
 * Which results a data note counts (docs/clinical-rules.md, Laboratory listing): each row of the table below is
 * worked out by hand from the rules, one issue at a time.
 */
import { describe, expect, it } from "vitest";
import { hasIssue, MEASUREMENT_ISSUES, type MeasurementIssue, parseIssue } from "./issues";
import type { MeasurementRow } from "./rows";

const row = (over: Partial<MeasurementRow>): MeasurementRow => ({
  id: "x",
  subjectId: "S1",
  test: "ALT",
  code: "LB0214",
  visit: "Week 2",
  collectedAt: "2024-01-10T08:00:00",
  value: 30,
  text: null,
  unit: "U/L",
  range: "<=40",
  ...over,
});
const dated = (r: { collectedAt: string | null }) => r.collectedAt !== null;

describe("hasIssue", () => {
  const cases: [string, Partial<MeasurementRow>, MeasurementIssue[]][] = [
    ["a plain numeric result has none", {}, []],
    ["a number without a unit", { unit: null }, ["no-unit"]],
    // A text result has no unit either: it is not a number without a unit.
    ["a text result", { value: null, text: "Trace", unit: null, range: "Negative" }, ["text"]],
    ["a free-text range", { range: "see lab" }, ["free-range"]],
    ["a range with a lower bound only still has a bound", { range: ">=60" }, []],
    ["no range", { range: null }, ["no-range"]],
    // A text result's missing range is no issue: it is never flagged anyway.
    ["a text result without a range", { value: null, text: "Trace", range: null }, ["text"]],
    ["no date", { collectedAt: null }, ["no-date"]],
    ["no subject, no visit", { subjectId: null, visit: null }, ["no-subject", "no-visit"]],
    ["neither value nor text", { value: null, text: null, range: null }, ["no-result"]],
  ];
  it.each(cases)("%s", (_name, over, issues) => {
    expect(MEASUREMENT_ISSUES.filter((i) => hasIssue(row(over), i, dated))).toEqual(issues);
  });
});

describe("parseIssue", () => {
  it.each([
    ["no-unit", "no-unit"],
    ["text", "text"],
    ["NO-UNIT", null],
    ["constructor", null],
    ["", null],
    [null, null],
  ])("%j -> %j", (value, issue) => expect(parseIssue(value)).toBe(issue));
});

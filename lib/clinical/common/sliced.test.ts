import { describe, expect, it } from "vitest";
import { laboratoryFindings, laboratoryFindingsSliced } from "../checks/record-checks";
import { indexLabTests, indexLabTestsSliced } from "../laboratory/series";
import type { MeasurementRow } from "../measurements/rows";
import { complete, ROWS_PER_PAUSE, type Sliced } from "./sliced";

/** How many times `work` pauses, and its value. */
function pausesOf<T>(work: Sliced<T>): { pauses: number; value: T } {
  let pauses = 0;
  for (;;) {
    const step = work.next();
    if (step.done) return { pauses, value: step.value };
    pauses++;
  }
}

const row = (i: number): MeasurementRow => ({
  id: `r${i}`,
  subjectId: `S${i % 7}`,
  test: i % 2 ? "ALT" : "AST",
  code: i % 2 ? "LB0214" : "LB0215",
  unit: i % 1000 === 0 ? null : "U/L",
  value: i % 50,
  text: null,
  range: "0-40",
  visit: "Week 2",
  collectedAt: "2026-03-01T08:00:00",
});

describe("sliced derivations", () => {
  it("complete() runs a derivation through its pauses to its value", () => {
    function* counted(): Sliced<number> {
      yield;
      yield;
      return 42;
    }
    expect(complete(counted())).toBe(42);
    expect(pausesOf(counted())).toEqual({ pauses: 2, value: 42 });
  });

  it("a pass over the rows pauses once every ROWS_PER_PAUSE rows, and gives what the one-go form gives", () => {
    const rows = Array.from({ length: 3 * ROWS_PER_PAUSE + 5 }, (_, i) => row(i));
    const index = pausesOf(indexLabTestsSliced(rows));
    expect(index.pauses).toBe(3);
    expect(index.value).toEqual(indexLabTests(rows));
    // 3 * 8192 + 5 rows, a result without a unit every 1,000th row (0, 1000, ..., 24000): 25 findings.
    const findings = pausesOf(laboratoryFindingsSliced(rows));
    expect(findings.pauses).toBe(3);
    expect(findings.value).toHaveLength(25);
    expect(findings.value).toEqual(laboratoryFindings(rows));
  });
});

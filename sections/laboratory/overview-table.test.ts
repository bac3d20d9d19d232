import { describe, expect, it } from "vitest";
import { labOverview } from "@/lib/clinical/laboratory/overview";
import { indexLabTests, testName } from "@/lib/clinical/laboratory/series";
import { overviewFlags } from "./overview-table";
import { rows } from "./testing";

describe("overviewFlags", () => {
  it("flags an overview row for a unit change, a missing unit, a missing code and missing ranges or dates", () => {
    const labTests = indexLabTests(rows);
    const tests = labTests.map((t) => ({
      key: t.key,
      name: testName(t),
      code: t.code,
      units: t.series.map((s) => s.unit),
    }));
    const flags = labOverview(rows, labTests).map((r) => [
      r.test,
      r.unit,
      overviewFlags(
        r,
        tests.find((t) => t.key === r.testKey),
      ),
    ]);
    expect(flags).toEqual([
      ["GLUC", "mg/dL", ["unit change: the test comes in 2 units"]],
      ["GLUC", "mmol/L", ["unit change: the test comes in 2 units"]],
      ["GLUC", null, ["unit change: the test comes in 2 units", "1 numeric result without a unit"]],
      ["UPROT", null, ["no service code: keyed by its name"]],
      [
        "MONO",
        "10^9/L",
        ["no service code: keyed by its name", "1 numeric result without a range", "1 result without a date"],
      ],
    ]);
  });
});

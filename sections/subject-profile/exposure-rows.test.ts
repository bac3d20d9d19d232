import { describe, expect, it } from "vitest";
import type { DosePeriod, SubjectExposure } from "@/lib/clinical/exposure/exposure";
import { dosePeriodRows } from "./exposure-rows";

const period = (recordId: string, dose: number | null, start: string, end: string, ongoing = false): DosePeriod => ({
  recordId,
  drug: `Zalvotinib ${dose ?? ""} MG Oral Capsule`,
  dose,
  doseUnit: "mg",
  start,
  end,
  ongoing,
});

const exposure = (periods: DosePeriod[]) => ({ periods, doseChanges: 1 }) as SubjectExposure;

describe("dosePeriodRows", () => {
  it("gives each period its study days from day 1 and marks the periods that change the dose", () => {
    const rows = dosePeriodRows(
      exposure([
        period("a", 100, "2024-03-01", "2024-03-28"),
        period("b", 100, "2024-03-29", "2024-04-25"),
        period("c", 25, "2024-04-26", "2024-04-26", true),
      ]),
      "2024-03-01",
    );
    // Day 1 = 2024-03-01: 03-28 is day 28, 03-29 day 29, 04-25 day 29 + 27 = 56, 04-26 day 57.
    expect(rows.map((r) => [r.recordId, r.startDay, r.end, r.endDay, r.doseChange])).toEqual([
      ["a", 1, "2024-03-28", 28, false],
      ["b", 29, "2024-04-25", 56, false],
      ["c", 57, "ongoing", null, true],
    ]);
  });

  it("counts study days before day 1 as negative (no day 0), and none without a day 1", () => {
    // Day 1 at a baseline scan of 2024-03-05: the first dose on 03-01 is 4 days before, day -4; 03-04 is day -1.
    const rows = dosePeriodRows(exposure([period("a", null, "2024-03-01", "2024-03-04")]), "2024-03-05");
    expect([rows[0].startDay, rows[0].endDay, rows[0].dose]).toEqual([-4, -1, "not recorded"]);
    expect(dosePeriodRows(exposure([period("a", 100, "2024-03-01", "2024-03-04")]), null)[0].startDay).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import type { AdverseEventRow } from "@/lib/clinical/adverse-events/rows";
import type { MedicationRow } from "@/lib/clinical/medications/rows";
import { aeRows, medicationRows } from "./record-rows";

const ae = (over: Partial<AdverseEventRow>) =>
  ({
    key: "K",
    term: "Rash",
    grade: 2,
    start: "2024-02-27",
    end: "2024-03-01",
    ongoing: false,
    ...over,
  }) as AdverseEventRow;

describe("the subject's adverse-event rows (day 1 = 2024-02-27)", () => {
  it.each([
    // record, [start day, end day, duration, end cell, flags]: counted on a calendar (Feb 2024 has 29 days)
    ["four days, ends on day 4", {}, [1, 4, 4, "2024-03-01", null]],
    ["one day", { end: "2024-02-27" }, [1, 1, 1, "2024-02-27", null]],
    ["before day 1", { start: "2024-02-25", end: "2024-02-26" }, [-2, -1, 2, "2024-02-26", null]],
    ["ongoing", { end: null, ongoing: true }, [1, null, null, "ongoing", null]],
    ["no end, not ongoing", { end: null }, [1, null, null, null, null]],
    [
      "ends before it starts",
      { start: "2024-03-01", end: "2024-02-28" },
      [4, 2, null, "2024-02-28", "ends before it starts"],
    ],
    ["no grade", { grade: null }, [1, 4, 4, "2024-03-01", "grade missing"]],
  ] as const)("%s", (_what, over, [startDay, endDay, duration, end, flags]) => {
    expect(aeRows([ae(over)], "2024-02-27")[0]).toMatchObject({ startDay, endDay, duration, end, flags });
  });

  it("leaves study days blank without a day 1", () => {
    expect(aeRows([ae({})], null)[0]).toMatchObject({ startDay: null, endDay: null, duration: 4 });
  });
});

describe("the subject's medication rows", () => {
  it("says 'not recorded' for a missing dose, 'ongoing' for an open end, and which is study medication", () => {
    const med = (drug: string, dose: number | null, end: string | null) =>
      ({
        drug,
        dose,
        start: "2024-02-27",
        end,
        unreadableStart: null,
        unreadableEnd: null,
        sourceType: "Prescription",
      }) as MedicationRow;
    const rows = medicationRows(
      [med("Zalvotinib 100 MG", null, null), med("aspirin", 81, "2024-03-01")],
      ["zalvotinib"],
      "2024-02-27",
    );
    expect(rows.map((r) => [r.drug, r.study, r.dose, r.end, r.startDay, r.endDay])).toEqual([
      ["Zalvotinib 100 MG", "Yes", "not recorded", "ongoing", 1, null],
      ["aspirin", "No", 81, "2024-03-01", 1, 4],
    ]);
  });

  it("never calls an end that was sent but is no date 'ongoing': dates that cannot be read are shown as sent", () => {
    const rows = medicationRows(
      [
        { drug: "aspirin", dose: 81, start: null, end: null, unreadableStart: "spring", unreadableEnd: "2024-02-30" },
      ].map((m) => ({ ...m, sourceType: null }) as MedicationRow),
      [],
      "2024-02-27",
    );
    expect([rows[0].start, rows[0].end, rows[0].startDay, rows[0].endDay]).toEqual([
      "unreadable: spring",
      "unreadable: 2024-02-30",
      null,
      null,
    ]);
  });
});

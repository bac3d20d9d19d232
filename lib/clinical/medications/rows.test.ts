import { describe, expect, it } from "vitest";
import type { MedicationStatementResource } from "@/partner-api/resources";
import { medicationRow } from "./rows";

const med = (over: Partial<MedicationStatementResource> = {}) =>
  ({
    resourceType: "MedicationStatement",
    id: "g-1",
    medicationCodeableConcept: { coding: [{ code: "Ondansetron", display: "Ondansetron" }], text: "Ondansetron" },
    subject: { reference: "Patient/101-0001" },
    effectivePeriod: { start: "2024-03-05T08:00:00", end: "2024-03-07T08:00:00" },
    note: [{ text: "Concomitant" }],
    dosage: [
      {
        text: "8 mg twice daily",
        route: { text: "Oral" },
        method: { text: "Swallow" },
        doseAndRate: [{ doseQuantity: { value: 8, unit: "mg" }, rateQuantity: { unit: "" } }],
      },
    ],
    ...over,
  }) as MedicationStatementResource;

describe("medicationRow", () => {
  it("reads the drug, dose, route, method, directions, period and source type", () => {
    expect(medicationRow(med())).toEqual({
      id: "g-1",
      subjectId: "101-0001",
      drug: "Ondansetron",
      dose: 8,
      doseUnit: "mg",
      route: "Oral",
      method: "Swallow",
      directions: "8 mg twice daily",
      start: "2024-03-05",
      end: "2024-03-07",
      unreadableStart: null,
      unreadableEnd: null,
      sourceType: "Concomitant",
    });
  });

  it.each([
    // start, end as sent -> start, end, unreadable start, unreadable end
    [undefined, undefined, null, null, null, null],
    ["", "  ", null, null, null, null],
    ["2024-03-05T08:00:00", "soon", "2024-03-05", null, null, "soon"],
    ["03/05/2024", "2024-02-30T00:00:00", "2024-03-05", null, null, "2024-02-30T00:00:00"],
    ["unknown", "2024-03-07", null, "2024-03-07", "unknown", null],
  ])("start %j, end %j: an unreadable date is kept as sent, never taken for an open end", (s, e, ...expected) => {
    const row = medicationRow(med({ effectivePeriod: { start: s, end: e } }));
    expect([row.start, row.end, row.unreadableStart, row.unreadableEnd]).toEqual(expected);
  });

  it("keeps an absent dose and an open end as null", () => {
    const row = medicationRow(
      med({
        effectivePeriod: { start: "2024-03-05T08:00:00" },
        dosage: [{ doseAndRate: [{ doseQuantity: { unit: "mg" } }] }],
      }),
    );
    expect(row).toMatchObject({ dose: null, doseUnit: "mg", end: null, route: null, directions: null });
  });

  it("tolerates a dosage of another shape", () => {
    const row = medicationRow(med({ dosage: [{ route: "Oral", doseAndRate: "x" }] }));
    expect(row).toMatchObject({ dose: null, doseUnit: null, route: null });
  });
});

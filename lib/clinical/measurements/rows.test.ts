import { describe, expect, it } from "vitest";
import { measurementSchema } from "@/partner-api/resources";
import { measurementRow } from "./rows";

const base = { resourceType: "Observation" as const, subject: { reference: "Patient/101-0001" } };

describe("measurementRow", () => {
  // Resources as a service sends them (with fields the schema drops), through the schema as the client reads them.
  it.each<[string, Record<string, unknown>, Partial<ReturnType<typeof measurementRow>>]>([
    [
      "a numeric laboratory result",
      {
        ...base,
        id: "g1",
        code: { coding: [{ system: "s", code: "LB0001", display: "HGB" }], text: "HGB" },
        encounter: { display: "Cycle 1 Day 1" },
        effectiveDateTime: "2023-04-05T08:00:00",
        valueQuantity: { value: 13.2, unit: "g/dL" },
        referenceRange: [{ text: "12.0-16.0" }],
      },
      {
        id: "g1",
        subjectId: "101-0001",
        test: "HGB",
        code: "LB0001",
        visit: "Cycle 1 Day 1",
        collectedAt: "2023-04-05T08:00:00",
        value: 13.2,
        unit: "g/dL",
        range: "12.0-16.0",
        text: null,
      },
    ],
    [
      "a text result without a service code",
      { ...base, id: "g2", code: { coding: [{ system: "s", display: "UPROT" }], text: "UPROT" }, valueString: "Trace" },
      { test: "UPROT", code: null, value: null, text: "Trace", unit: null, range: null, visit: null },
    ],
    [
      "a vital sign with an empty service code",
      {
        ...base,
        id: "v1",
        code: { coding: [{ system: "s", code: "", display: "Last recorded Height" }], text: "Last recorded Height" },
        valueQuantity: { value: 171, unit: "cm" },
      },
      { test: "Last recorded Height", code: null, value: 171, unit: "cm" },
    ],
    [
      "a record with no id, no code text and a value of 0",
      {
        ...base,
        identifier: [{ value: "from-identifier" }],
        code: { coding: [{ display: "K" }] },
        valueQuantity: { value: 0 },
      },
      { id: "from-identifier", test: "K", value: 0, unit: null },
    ],
    [
      "an empty code text, which must not hide the coding's display",
      {
        ...base,
        id: "g4",
        code: { coding: [{ code: "LB0002", display: "ALT" }], text: "" },
        valueQuantity: { value: 30 },
      },
      { test: "ALT", code: "LB0002", value: 30 },
    ],
    [
      "a subject reference that names no Patient",
      { ...base, subject: { reference: "Group/x" }, id: "g3" },
      { subjectId: null, test: "(no test code)" },
    ],
  ])("maps %s", (_name, resource, expected) => {
    expect(measurementRow(measurementSchema.parse(resource))).toMatchObject(expected);
  });

  it("interns repeated strings", () => {
    const seen: string[] = [];
    const intern = (s: string) => {
      seen.push(s);
      return s;
    };
    measurementRow(
      {
        ...base,
        id: "a",
        code: { text: "HGB" },
        encounter: { display: "Screening" },
        valueQuantity: { value: 1, unit: "g/dL" },
      },
      intern,
    );
    expect(seen).toEqual(["101-0001", "HGB", "Screening", "g/dL"]);
  });
});

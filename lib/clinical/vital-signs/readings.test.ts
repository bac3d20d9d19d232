import { describe, expect, it } from "vitest";
import type { MeasurementRow } from "../measurements/rows";
import { countedReadings } from "./readings";

const row = (id: string, subjectId: string | null, visit: string | null, collectedAt: string | null, value = 120) =>
  ({
    id,
    subjectId,
    test: "Blood Pressure BP Systolic",
    code: null,
    visit,
    collectedAt,
    value,
    text: null,
    unit: "mmHg",
    range: null,
  }) satisfies MeasurementRow;

const ids = (rows: readonly MeasurementRow[]) => rows.map((r) => r.id);
const reasons = (m: ReadonlyMap<MeasurementRow, string>) => [...m].map(([r, why]) => [r.id, why]);

describe("countedReadings: one reading per subject and visit, the last of the visit by collection time", () => {
  it("keeps the later of a subject's two readings at a visit, whatever order they were sent in", () => {
    const rows = [
      row("a", "S1", "Cycle 1", "2024-01-10T10:30:00", 150),
      row("b", "S1", "Cycle 1", "2024-01-10T08:00:00", 140),
      row("c", "S2", "Cycle 1", "2024-01-10T09:00:00", 130),
      row("d", "S1", "Cycle 2", "2024-02-07T08:00:00", 125),
    ];
    const r = countedReadings(rows);
    // S1 at Cycle 1: 10:30 is after 08:00, so a (150) counts and b (140) is left out; S2 and S1's Cycle 2 are alone.
    expect(ids(r.counted)).toEqual(["a", "c", "d"]);
    expect(reasons(r.leftOut)).toEqual([["b", "earlier reading"]]);
  });

  it("takes the one sent last at the same time, and a timed reading over one without a readable time", () => {
    const r = countedReadings([
      row("a", "S1", "Screening", "2024-01-02T08:00:00"),
      row("b", "S1", "Screening", "2024-01-02T08:00:00"),
      row("c", "S2", "Screening", "2024-01-02T08:00:00"),
      row("d", "S2", "Screening", "not a date"),
      row("e", "S3", "Screening", null),
      row("f", "S3", "Screening", null),
    ]);
    // S1: equal times, b was sent after a. S2: c is timed, d is not. S3: neither timed, f was sent last.
    expect(ids(r.counted)).toEqual(["b", "c", "f"]);
    expect(reasons(r.leftOut)).toEqual([
      ["a", "earlier reading"],
      ["d", "earlier reading"],
      ["e", "earlier reading"],
    ]);
  });

  it("counts a subject's readings without a visit as one visit, and no record that names no subject", () => {
    const r = countedReadings([
      row("a", "S1", null, "2024-03-01T08:00:00"),
      row("b", "S1", null, "2024-03-05T08:00:00"),
      row("c", null, "Cycle 1", "2024-01-10T08:00:00"),
      row("d", "S1", "Cycle 1", "2024-01-10T08:00:00"),
    ]);
    expect(ids(r.counted)).toEqual(["b", "d"]);
    expect(reasons(r.leftOut)).toEqual([
      ["a", "earlier reading"],
      ["c", "no subject"],
    ]);
  });

  it("gives back the group's own array when nothing is left out", () => {
    const rows = [row("a", "S1", "Cycle 1", null), row("b", "S2", "Cycle 1", null)];
    expect(countedReadings(rows).counted).toBe(rows);
  });
});

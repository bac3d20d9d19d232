import { describe, expect, it } from "vitest";
import type { SnapshotMeta } from "./snapshot-store";
import { studySnapshots } from "./study-snapshots";

const meta = (id: number, recordType: string, takenAt: number): SnapshotMeta => ({
  id,
  study: "S",
  recordType,
  takenAt,
  fingerprint: `f${id}`,
  records: 1,
  bytes: 1,
});

describe("study snapshots", () => {
  it("has none without snapshots", () => {
    expect(studySnapshots([])).toEqual([]);
  });

  it("cuts the snapshots where a record type comes again, newest first, whatever order they are given in", () => {
    const snapshots = [
      meta(5, "AdverseEvent", 500),
      meta(1, "Patient", 100),
      meta(2, "AdverseEvent", 110),
      meta(3, "laboratory", 130),
      meta(4, "Patient", 400),
      meta(6, "Patient", 900),
    ];
    const out = studySnapshots(snapshots);
    expect(out.map((s) => [s.id, s.firstTakenAt, s.takenAt])).toEqual([
      [6, 900, 900],
      [5, 400, 500],
      [3, 100, 130],
    ]);
    expect([...out[2].kept.keys()]).toEqual(["Patient", "AdverseEvent", "laboratory"]);
    expect([...out[1].kept.keys()]).toEqual(["Patient", "AdverseEvent"]);
  });

  it("stands each record type at its latest snapshot up to then: one not loaded again stays as it was", () => {
    const out = studySnapshots([
      meta(1, "Patient", 100),
      meta(2, "laboratory", 110),
      meta(3, "Patient", 400),
      meta(4, "Patient", 800),
    ]);
    const ids = (i: number) => Object.fromEntries([...out[i].inEffect].map(([type, s]) => [type, s.id]));
    expect(ids(2)).toEqual({ Patient: 1, laboratory: 2 });
    expect(ids(1)).toEqual({ Patient: 3, laboratory: 2 });
    expect(ids(0)).toEqual({ Patient: 4, laboratory: 2 });
    expect(out[0].kept.size).toBe(1);
  });
});

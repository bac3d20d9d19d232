/**
 * The study snapshot a saved view names, as the study's snapshots stand now (lib/snapshots/study-snapshots.ts,
 * studySnapshotOf): by its number, else, where the study snapshot it was saved at took in a later load and so was
 * numbered anew, the one that kept the load of that number.
 */
import { describe, expect, it } from "vitest";
import type { SavedView } from "@/lib/review/views-store";
import type { SnapshotMeta } from "@/lib/snapshots/snapshot-store";
import type { StudySnapshot } from "@/lib/snapshots/study-snapshots";
import { savedSnapshot } from "./since";

const load = (id: number, recordType: string) => ({ id, recordType }) as SnapshotMeta;
const snapshot = (loads: SnapshotMeta[]) => {
  const kept = new Map(loads.map((l) => [l.recordType, l]));
  return { id: loads.at(-1)?.id, takenAt: 0, firstTakenAt: 0, kept, inEffect: kept } as StudySnapshot;
};
const view = (id: number | null) =>
  ({ snapshot: id === null ? null : { id, at: "2026-11-30T10:05:00.000Z" } }) as SavedView;

// Newest first: the latest cut's loads; the previous cut's, whose imaging was kept after a view was saved at 72.
const SNAPSHOTS = [
  snapshot([load(88, "AdverseEvent"), load(90, "Patient")]),
  snapshot([load(70, "AdverseEvent"), load(72, "Patient"), load(75, "imaging")]),
];

describe("savedSnapshot", () => {
  it("finds the view's snapshot by its number", () => {
    expect(savedSnapshot(view(90), SNAPSHOTS)?.id).toBe(90);
  });

  it("finds the study snapshot that kept the load of its number where a later load numbered it anew", () => {
    expect(savedSnapshot(view(72), SNAPSHOTS)?.id).toBe(75);
  });

  it("finds none for a snapshot no longer kept, nor for a view saved without one", () => {
    expect(savedSnapshot(view(40), SNAPSHOTS)).toBeUndefined();
    expect(savedSnapshot(view(null), SNAPSHOTS)).toBeUndefined();
  });
});

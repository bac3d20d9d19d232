/**
 * What changed in the records a saved view shows since it was saved (docs/review.md, Saved views): the study
 * snapshot it showed compared with the latest as the Changes section compares two, over the record types its page
 * shows, the subjects its study filter keeps and, on a page of one subject, that subject.
 */
import type { SavedView } from "@/lib/review/views-store";
import { type StudySnapshot, studySnapshotOf } from "@/lib/snapshots/study-snapshots";
import type { UserStudy } from "@/lib/study/open-user-study";
import { filteredStudy } from "@/sections/frame/filtered-study";
import { studyChanges, type TypeCount } from "@/sections/frame/study-changes";
import { parseStudyFilter } from "@/sections/frame/study-filter";
import { scopeOf } from "./address";

export type ViewChanges =
  /** It was saved where no study snapshot was kept: what changed since cannot be told. */
  | { kind: "no-snapshot" }
  /** The snapshot it showed is no longer kept (the study's retention removed it). */
  | { kind: "gone" }
  /** Nothing it shows changed: it was saved at the latest snapshot, or its records are the same in both. */
  | { kind: "unchanged"; latest: number }
  | {
      kind: "changed";
      saved: { id: number; takenAt: number };
      latest: { id: number; takenAt: number };
      added: number;
      changed: number;
      removed: number;
      /** Per record type the page shows. */
      types: TypeCount[];
    };

/** The study snapshot a view was saved at, as the study's snapshots stand now (lib/snapshots/study-snapshots.ts). */
export const savedSnapshot = (view: SavedView, snapshots: readonly StudySnapshot[]): StudySnapshot | undefined =>
  studySnapshotOf(snapshots, view.snapshot?.id ?? null);

/** The view's changes since saved; `snapshots`: the study's, newest first; `study`: the latest data, whole. */
export async function viewChanges(
  study: UserStudy,
  view: SavedView,
  snapshots: readonly StudySnapshot[],
): Promise<ViewChanges> {
  if (view.snapshot === null) return { kind: "no-snapshot" };
  const saved = savedSnapshot(view, snapshots);
  const latest = snapshots[0];
  if (!saved || !latest) return { kind: "gone" };
  if (saved.id === latest.id) return { kind: "unchanged", latest: latest.id };
  const scope = scopeOf(view.path);
  const narrowed = filteredStudy(study, parseStudyFilter(new URLSearchParams(view.query)));
  const { all, types } = await studyChanges(narrowed, saved, latest, {
    recordTypes: scope?.recordTypes,
    subject: scope?.subject,
  });
  if (all.length === 0) return { kind: "unchanged", latest: latest.id };
  const count = (kind: string) => all.filter((c) => c.kind === kind).length;
  return {
    kind: "changed",
    saved: { id: saved.id, takenAt: saved.takenAt },
    latest: { id: latest.id, takenAt: latest.takenAt },
    added: count("added"),
    changed: count("changed"),
    removed: count("removed"),
    types,
  };
}

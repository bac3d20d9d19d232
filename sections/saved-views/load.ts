/**
 * The saved views' loaders (docs/review.md, Saved views): the study's views the user may open (theirs and those
 * shared with their organisation), each with what changed in the records it shows since it was saved; and one view.
 * Read after the study's subjects were served to the user's credentials (lib/review/study-views.ts).
 */
import type { SavedView } from "@/lib/review/views-store";
import type { UserStudy } from "@/lib/study/open-user-study";
import type { SectionData } from "@/lib/study/section-data";
import { savedSnapshot, type ViewChanges, viewChanges } from "./since";

export interface ViewWithChanges extends SavedView {
  since: ViewChanges;
}

export interface SavedViewsView extends SectionData {
  views: ViewWithChanges[];
}

export interface SavedViewView extends SectionData {
  /** null: no view of that number the user may open (another's private one, another study's, deleted). */
  view: ViewWithChanges | null;
}

/** Each view with its changes since saved, its snapshot named by its number now (its links open it). */
async function withChanges(study: UserStudy, views: readonly SavedView[]): Promise<ViewWithChanges[]> {
  const snapshots = await study.history.snapshots();
  return Promise.all(
    views.map(async (v) => {
      const saved = savedSnapshot(v, snapshots);
      const view = saved && v.snapshot ? { ...v, snapshot: { ...v.snapshot, id: saved.id } } : v;
      return { ...view, since: await viewChanges(study, view, snapshots) };
    }),
  );
}

export async function loadSavedViews(study: UserStudy): Promise<SavedViewsView> {
  const patients = await study.rows("Patient");
  const views = await withChanges(study, await study.views.list());
  return { asOf: patients.loadedAt, rejected: [], views };
}

export async function loadSavedView(study: UserStudy, id: number | null): Promise<SavedViewView> {
  const patients = await study.rows("Patient");
  const found = id === null ? null : await study.views.get(id);
  const [view] = found ? await withChanges(study, [found]) : [null];
  return { asOf: patients.loadedAt, rejected: [], view };
}

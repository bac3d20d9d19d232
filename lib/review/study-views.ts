/**
 * A user's saved views of a study (docs/review.md, Saved views), within the partner organisation their connection
 * reads it through: read only after the partner served the study's subjects to the user's credentials now (a revoked
 * grant hides the views with the data), written only by their owner (./views-store.ts).
 */
import type { Store } from "@/lib/store/store";
import {
  deleteView,
  readView,
  type SavedView,
  type SaveOutcome,
  saveView,
  shareView,
  studyViews,
  type ViewAddress,
  type ViewsPlace,
} from "./views-store";

export interface StudyViews {
  /** The user's views and those shared with the organisation, by name. */
  list(): Promise<SavedView[]>;
  /** One of them; null: none the user may read. */
  get(id: number): Promise<SavedView | null>;
  /** Saves a view under the user's name now. */
  save(view: ViewAddress & { name: string; shared: boolean }, owner: string): Promise<SaveOutcome>;
  /** Shares the user's own view, or makes it theirs only; false: no such view of theirs. */
  share(id: number, shared: boolean): Promise<boolean>;
  /** Deletes the user's own view; false: no such view of theirs. */
  remove(id: number): Promise<boolean>;
}

export interface ViewsSource extends ViewsPlace {
  store: Store;
  /** Fails unless the partner serves the study to the user's credentials now (the study's subjects asked for). */
  served(): Promise<unknown>;
  now?: () => Date;
}

export function studyViewsOf(source: ViewsSource): StudyViews {
  const { store } = source;
  const place: ViewsPlace = { organisation: source.organisation, study: source.study, userId: source.userId };
  const served = <T>(then: () => Promise<T>) => source.served().then(then);
  return {
    list: () => served(() => studyViews(store, place)),
    get: (id) => served(() => readView(store, place, id)),
    save: (view, owner) => served(() => saveView(store, place, { ...view, owner }, source.now?.() ?? new Date())),
    share: (id, shared) => served(() => shareView(store, place, id, shared)),
    remove: (id) => served(() => deleteView(store, place, id)),
  };
}

/** The views of a study whose data cannot be asked for: every call fails with `err`. */
export const refusedViews = (err: Error): StudyViews => ({
  list: () => Promise.reject(err),
  get: () => Promise.reject(err),
  save: () => Promise.reject(err),
  share: () => Promise.reject(err),
  remove: () => Promise.reject(err),
});

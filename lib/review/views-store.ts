/**
 * Saved views in the portal store (docs/review.md, Saved views): a named page of a study (its address below the
 * study, with its query) and the study snapshot it showed, kept by one user of a partner organisation for themselves
 * or shared with the organisation. Every function takes the organisation and study, so no view number reaches
 * another organisation's views; a private view is read only by its owner, and only its owner shares it, makes it
 * private again or deletes it. Bounded: MAX_PER_USER views a user and study, MAX_PER_STUDY a study of an
 * organisation.
 */
import type { ExpressionBuilder } from "kysely";
import type { Store } from "@/lib/store/store";
import type { PortalTables } from "@/lib/store/tables";

export const MAX_NAME = 100;
export const MAX_PATH = 400;
export const MAX_QUERY = 2000;
export const MAX_PER_USER = 100;
export const MAX_PER_STUDY = 5000;

/** One study of one organisation, as a user reads it. */
export interface ViewsPlace {
  /** lib/review/organisation.ts */
  organisation: string;
  study: string;
  userId: number;
}

/** What a saved view names: a page of the study and the study snapshot it showed. */
export interface ViewAddress {
  /** The page below the study's address ("" the overview, "adverse-events", "subjects/101-0001"). */
  path: string;
  /** Its query, without the snapshot: the study filter's, the tables' state. */
  query: string;
  /** The study snapshot it showed; null: none was kept. */
  snapshot: { id: number; at: string } | null;
}

export interface SavedView extends ViewAddress {
  /** Its number in the store (only ever looked up with its organisation and study). */
  id: number;
  name: string;
  /** Who saved it (their name then); `mine`: the reader did. */
  owner: string;
  mine: boolean;
  shared: boolean;
  createdAt: string;
}

export type SaveOutcome =
  | { status: "done"; id: number }
  | { status: "name-taken" }
  | { status: "user-full" }
  | { status: "study-full" };

type Row = {
  id: number;
  user_id: number;
  owner: string;
  name: string;
  path: string;
  query: string;
  snapshot_id: number | null;
  snapshot_at: string | null;
  shared: number;
  created_at: string;
};

const COLUMNS = [
  "id",
  "user_id",
  "owner",
  "name",
  "path",
  "query",
  "snapshot_id",
  "snapshot_at",
  "shared",
  "created_at",
] as const;

const viewOf = (r: Row, userId: number): SavedView => ({
  id: r.id,
  name: r.name,
  owner: r.owner,
  mine: r.user_id === userId,
  shared: Number(r.shared) === 1,
  path: r.path,
  query: r.query,
  snapshot: r.snapshot_id === null || r.snapshot_at === null ? null : { id: r.snapshot_id, at: r.snapshot_at },
  createdAt: r.created_at,
});

/** The views of the study the user may read: their own and those shared with the organisation, by name. */
const readable = (store: Store, place: ViewsPlace) =>
  store.db
    .selectFrom("saved_views")
    .select([...COLUMNS])
    .where("organisation", "=", place.organisation)
    .where("study", "=", place.study)
    .where((eb) => eb.or([eb("user_id", "=", place.userId), eb("shared", "=", 1)]));

export async function studyViews(store: Store, place: ViewsPlace): Promise<SavedView[]> {
  const rows = await readable(store, place).orderBy("name").orderBy("id").execute();
  return rows.map((r) => viewOf(r, place.userId));
}

/** The view, if the user may read it; null otherwise (another's private view, another study's, none). */
export async function readView(store: Store, place: ViewsPlace, id: number): Promise<SavedView | null> {
  const row = await readable(store, place).where("id", "=", id).executeTakeFirst();
  return row ? viewOf(row, place.userId) : null;
}

/** Saves a view under the user's name now. A user's views of a study have names of their own. */
export async function saveView(
  store: Store,
  place: ViewsPlace,
  view: ViewAddress & { name: string; owner: string; shared: boolean },
  at: Date,
): Promise<SaveOutcome> {
  return store.write(async ({ db: tx }) => {
    const of = tx
      .selectFrom("saved_views")
      .where("organisation", "=", place.organisation)
      .where("study", "=", place.study);
    const mine = await of.select(["name"]).where("user_id", "=", place.userId).execute();
    if (mine.some((v) => v.name === view.name)) return { status: "name-taken" };
    if (mine.length >= MAX_PER_USER) return { status: "user-full" };
    const { n } = await of.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    if (Number(n) >= MAX_PER_STUDY) return { status: "study-full" };
    const row = await tx
      .insertInto("saved_views")
      .values({
        organisation: place.organisation,
        study: place.study,
        user_id: place.userId,
        owner: view.owner,
        name: view.name,
        path: view.path,
        query: view.query,
        snapshot_id: view.snapshot?.id ?? null,
        snapshot_at: view.snapshot?.at ?? null,
        shared: view.shared ? 1 : 0,
        created_at: at.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { status: "done", id: row.id };
  });
}

/** The user's own view by its number in the study: what only its owner may change. */
const ownView = (eb: ExpressionBuilder<PortalTables, "saved_views">, place: ViewsPlace, id: number) =>
  eb.and([
    eb("id", "=", id),
    eb("organisation", "=", place.organisation),
    eb("study", "=", place.study),
    eb("user_id", "=", place.userId),
  ]);

/** Shares the user's own view with the organisation or makes it theirs only again; false: no such view of theirs. */
export async function shareView(store: Store, place: ViewsPlace, id: number, shared: boolean): Promise<boolean> {
  const result = await store.db
    .updateTable("saved_views")
    .set({ shared: shared ? 1 : 0 })
    .where((eb) => ownView(eb, place, id))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the user's own view; false: no such view of theirs. */
export async function deleteView(store: Store, place: ViewsPlace, id: number): Promise<boolean> {
  const result = await store.db
    .deleteFrom("saved_views")
    .where((eb) => ownView(eb, place, id))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

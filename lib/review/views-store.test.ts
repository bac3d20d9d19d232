import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertUserRow } from "@/lib/db/testing";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { deleteView, MAX_PER_USER, readView, saveView, shareView, studyViews, type ViewsPlace } from "./views-store";

const ORG = "a".repeat(64);
const OTHER_ORG = "b".repeat(64);
const AT = new Date("2026-11-30T10:00:00.000Z");
const GRADE_3 = {
  name: "Grade 3 events",
  owner: "Ana",
  path: "adverse-events",
  query: "ae_f_grade=3",
  snapshot: { id: 7, at: "2026-11-29T09:00:00.000Z" },
  shared: false,
};

describe.each(STORE_KINDS)("saved views in the store (%s)", (kind) => {
  let store: Store;
  let ana: ViewsPlace;
  let bo: ViewsPlace;
  beforeEach(async () => {
    store = await testStore(kind);
    ana = { organisation: ORG, study: "S-1", userId: await insertUserRow(store, "ana@example.org") };
    bo = { organisation: ORG, study: "S-1", userId: await insertUserRow(store, "bo@example.org") };
  });
  afterEach(() => store.close());

  it("keeps a view's page, query and snapshot, read back by its owner", async () => {
    const saved = await saveView(store, ana, GRADE_3, AT);
    if (saved.status !== "done") throw new Error(saved.status);
    expect(await readView(store, ana, saved.id)).toEqual({
      id: saved.id,
      name: "Grade 3 events",
      owner: "Ana",
      mine: true,
      shared: false,
      path: "adverse-events",
      query: "ae_f_grade=3",
      snapshot: { id: 7, at: "2026-11-29T09:00:00.000Z" },
      createdAt: AT.toISOString(),
    });
  });

  it("shows a private view to its owner only, a shared one to the organisation, never to another", async () => {
    const saved = await saveView(store, ana, GRADE_3, AT);
    if (saved.status !== "done") throw new Error(saved.status);
    expect(await readView(store, bo, saved.id)).toBeNull();
    expect(await studyViews(store, bo)).toEqual([]);
    expect(await shareView(store, bo, saved.id, true)).toBe(false);
    expect(await shareView(store, ana, saved.id, true)).toBe(true);
    expect(await readView(store, bo, saved.id)).toMatchObject({ name: "Grade 3 events", mine: false, shared: true });
    expect((await studyViews(store, bo)).map((v) => v.id)).toEqual([saved.id]);
    const outsider = { ...bo, organisation: OTHER_ORG };
    expect(await readView(store, outsider, saved.id)).toBeNull();
    expect(await studyViews(store, outsider)).toEqual([]);
    expect(await readView(store, { ...bo, study: "S-2" }, saved.id)).toBeNull();
  });

  it("lets only the owner delete a view", async () => {
    const saved = await saveView(store, ana, { ...GRADE_3, shared: true }, AT);
    if (saved.status !== "done") throw new Error(saved.status);
    expect(await deleteView(store, bo, saved.id)).toBe(false);
    expect(await deleteView(store, { ...ana, organisation: OTHER_ORG }, saved.id)).toBe(false);
    expect(await readView(store, bo, saved.id)).not.toBeNull();
    expect(await deleteView(store, ana, saved.id)).toBe(true);
    expect(await readView(store, ana, saved.id)).toBeNull();
  });

  it("refuses a second view of the same name by the same user, not by another", async () => {
    expect((await saveView(store, ana, GRADE_3, AT)).status).toBe("done");
    expect(await saveView(store, ana, { ...GRADE_3, query: "" }, AT)).toEqual({ status: "name-taken" });
    expect((await saveView(store, bo, GRADE_3, AT)).status).toBe("done");
    expect((await saveView(store, { ...ana, study: "S-2" }, GRADE_3, AT)).status).toBe("done");
  });

  it(`keeps at most ${MAX_PER_USER} views a user and study, a view without a snapshot among them`, async () => {
    for (let i = 0; i < MAX_PER_USER; i++)
      expect((await saveView(store, ana, { ...GRADE_3, name: `View ${i}`, snapshot: null }, AT)).status).toBe("done");
    expect(await saveView(store, ana, { ...GRADE_3, name: "One more" }, AT)).toEqual({ status: "user-full" });
    expect((await studyViews(store, ana)).length).toBe(MAX_PER_USER);
    expect((await studyViews(store, ana))[0].snapshot).toBeNull();
    expect((await saveView(store, bo, GRADE_3, AT)).status).toBe("done");
  });
});

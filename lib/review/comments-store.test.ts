import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertUserRow } from "@/lib/db/testing";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { withdrawComment } from "./comment-withdrawal";
import { addComment, MAX_PER_THREAD, readThread, resolveThread, studyThreads } from "./comments-store";

const ORG = "a".repeat(64);
const OTHER_ORG = "b".repeat(64);
const AT = new Date("2026-11-30T10:00:00.000Z");
const LATER = new Date("2026-11-30T11:30:00.000Z");
const EVENT = { organisation: ORG, study: "S-1", recordType: "AdverseEvent", key: "AE-1" };

describe.each(STORE_KINDS)("comments in the store (%s)", (kind) => {
  let store: Store;
  let ana: { userId: number; name: string };
  let bo: { userId: number; name: string };
  beforeEach(async () => {
    store = await testStore(kind);
    ana = { userId: await insertUserRow(store, "ana@example.org"), name: "Ana" };
    bo = { userId: await insertUserRow(store, "bo@example.org"), name: "Bo" };
  });
  afterEach(() => store.close());

  it("keeps a record's comments in one thread, in the order written, with their authors and times", async () => {
    expect(await readThread(store, EVENT)).toBeNull();
    const first = await addComment(store, { ...EVENT, subjectId: "101-0001" }, ana, "Grade looks high.", AT);
    const second = await addComment(store, { ...EVENT, subjectId: "101-0001" }, bo, "Queried the site.", LATER);
    expect(first.status).toBe("done");
    expect(second.status === "done" && first.status === "done" && second.threadId === first.threadId).toBe(true);
    const thread = await readThread(store, EVENT);
    expect(thread).toMatchObject({
      recordType: "AdverseEvent",
      key: "AE-1",
      subjectId: "101-0001",
      comments: 2,
      updatedAt: LATER.toISOString(),
      resolved: null,
    });
    expect(thread?.list.map((c) => [c.author, c.body, c.at])).toEqual([
      ["Ana", "Grade looks high.", AT.toISOString()],
      ["Bo", "Queried the site.", LATER.toISOString()],
    ]);
  });

  it("keeps organisations, studies and records apart", async () => {
    await addComment(store, { ...EVENT, subjectId: null }, ana, "Ours.", AT);
    expect(await readThread(store, { ...EVENT, organisation: OTHER_ORG })).toBeNull();
    expect(await readThread(store, { ...EVENT, study: "S-2" })).toBeNull();
    expect(await readThread(store, { ...EVENT, key: "AE-2" })).toBeNull();
    expect(await readThread(store, { ...EVENT, recordType: "MedicationStatement" })).toBeNull();
    expect(await studyThreads(store, OTHER_ORG, "S-1")).toEqual([]);
    expect((await studyThreads(store, ORG, "S-1")).map((t) => t.key)).toEqual(["AE-1"]);
  });

  it("resolves a thread, opens it again, and a new comment opens a resolved one", async () => {
    expect(await resolveThread(store, EVENT, { resolved: true, by: "Bo", at: LATER })).toBe(false);
    await addComment(store, { ...EVENT, subjectId: null }, ana, "Please check.", AT);
    expect(await resolveThread(store, EVENT, { resolved: true, by: "Bo", at: LATER })).toBe(true);
    expect((await readThread(store, EVENT))?.resolved).toEqual({ at: LATER.toISOString(), by: "Bo" });
    expect(await resolveThread(store, EVENT, { resolved: false, by: "Ana", at: LATER })).toBe(true);
    expect((await readThread(store, EVENT))?.resolved).toBeNull();
    await resolveThread(store, EVENT, { resolved: true, by: "Bo", at: LATER });
    await addComment(store, { ...EVENT, subjectId: null }, ana, "It came back.", LATER);
    expect((await readThread(store, EVENT))?.resolved).toBeNull();
  });

  it("lets an author withdraw their own comment only, and a thread left empty goes with it", async () => {
    const first = await addComment(store, { ...EVENT, subjectId: null }, ana, "Mine.", AT);
    const second = await addComment(store, { ...EVENT, subjectId: null }, bo, "Bo's.", AT);
    if (first.status !== "done" || second.status !== "done") throw new Error("not written");
    expect((await readThread(store, EVENT, ana.userId))?.list.map((c) => [c.body, c.mine])).toEqual([
      ["Mine.", true],
      ["Bo's.", false],
    ]);
    const withdraw = (who: { userId: number }, commentId: number, place = EVENT) =>
      withdrawComment(store, place, { commentId, userId: who.userId, at: LATER });
    expect(await withdraw(bo, first.commentId)).toBe(false);
    expect(await withdraw(ana, first.commentId, { ...EVENT, organisation: OTHER_ORG })).toBe(false);
    expect(await withdraw(ana, first.commentId, { ...EVENT, key: "AE-2" })).toBe(false);
    expect(await withdraw(ana, first.commentId)).toBe(true);
    expect(await withdraw(ana, first.commentId)).toBe(false);
    const left = await readThread(store, EVENT);
    expect(left).toMatchObject({ comments: 1, updatedAt: LATER.toISOString() });
    expect(left?.list.map((c) => c.body)).toEqual(["Bo's."]);
    expect(await withdraw(bo, second.commentId)).toBe(true);
    expect(await readThread(store, EVENT)).toBeNull();
    expect(await studyThreads(store, ORG, "S-1")).toEqual([]);
  });

  it("keeps a removed user's comments under the name they wrote them with", async () => {
    await addComment(store, { ...EVENT, subjectId: null }, ana, "Before I left.", AT);
    await store.db.deleteFrom("users").where("id", "=", ana.userId).execute();
    expect((await readThread(store, EVENT))?.list.map((c) => c.author)).toEqual(["Ana"]);
  });

  it(`refuses a thread's comment past ${MAX_PER_THREAD}`, async () => {
    const head = await addComment(store, { ...EVENT, subjectId: null }, ana, "first", AT);
    if (head.status !== "done") throw new Error("no thread");
    // The thread filled up to its bound at once (a comment per statement would take long on PostgreSQL).
    await store.db
      .insertInto("review_comments")
      .values(
        Array.from({ length: MAX_PER_THREAD - 1 }, (_, i) => ({
          thread_id: head.threadId,
          user_id: ana.userId,
          author: "Ana",
          body: `comment ${i + 2}`,
          created_at: AT.toISOString(),
        })),
      )
      .execute();
    await store.db.updateTable("review_threads").set({ comments: MAX_PER_THREAD }).execute();
    expect(await addComment(store, { ...EVENT, subjectId: null }, bo, "one more", LATER)).toEqual({
      status: "thread-full",
    });
    expect((await readThread(store, EVENT))?.list).toHaveLength(MAX_PER_THREAD);
  });
});

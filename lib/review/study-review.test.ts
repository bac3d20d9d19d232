/**
 * A record type's review (./study-review.ts) tells each record's status under one version of the user's marks:
 * read while the index of newly loaded rows is built in slices, the marks still say the version they are at.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertUserRow } from "@/lib/db/testing";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { contentHash } from "./content";
import { cachedMarks, markKept } from "./marks-cache";
import type { ReviewList } from "./marks-store";
import { studyReview } from "./study-review";

const AT = new Date("2026-12-03T10:00:00.000Z");

describe.each(STORE_KINDS)("a record type's review (%s)", (kind) => {
  let store: Store;
  let list: ReviewList;
  beforeEach(async () => {
    store = await testStore(kind);
    list = {
      organisation: "d".repeat(64),
      study: "S-1",
      userId: await insertUserRow(store, "a@b.org"),
      recordType: "laboratory",
    };
  });
  afterEach(() => store.close());

  it("says the version of the marks it tells, with a mark written while its index was built", async () => {
    // Enough rows that their index is built over several turns of the event loop.
    const rows = Array.from({ length: 400_000 }, (_, i) => ({ id: `r${i}`, subjectId: `S${i % 100}` }));
    const mark = (i: number) => [{ key: `r${i}`, hash: contentHash(rows[i]) }];
    await markKept(store, list, mark(0), AT, null);
    // The list's copy in memory, at version 1.
    expect((await cachedMarks(store, list)).version).toBe(1);
    const review = studyReview({
      store,
      ...list,
      rows: async () => ({ rows, loadedAt: 0 }),
      snapshotOf: async () => null,
    });
    // Written in a pause of the index's slices (here, as a rule: its store write takes a few milliseconds).
    const second = new Promise((resolve) => setImmediate(() => resolve(markKept(store, list, mark(1), AT, null))));
    const lab = await review.of("laboratory");
    // Read at once, as the overview counts: the mark of version 2 is in the review only if it says version 2.
    const told = { version: lab.version, statuses: [lab.status("r0"), lab.status("r1"), lab.status("r2")] };
    expect(told).toEqual(
      told.version === 2
        ? { version: 2, statuses: ["reviewed", "reviewed", "not-reviewed"] }
        : { version: 1, statuses: ["reviewed", "not-reviewed", "not-reviewed"] },
    );
    await second;
  });
});

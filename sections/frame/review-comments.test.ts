/**
 * Comments on records (docs/review.md, Comments), on the in-process partner service: a comment is read by every
 * user of the same partner organisation and by no user of another (the same study read through another partner
 * ID), whose own comments on the same record make a thread of their own; a comment on a record the partner does not
 * serve now writes nothing; a thread is resolved and opened again.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { insertUserRow } from "@/lib/db/testing";
import { cutKitEach } from "@/lib/snapshots/testing";
import type { UserStudy } from "@/lib/study/open-user-study";
import { credsOf, northstar } from "@/partner-service/testing";
import { testUserStudy } from "@/sections/export-testing";

const NORTH = credsOf(northstar);
const STUDY = "ONC-101";
const cut = cutKitEach(NORTH, STUDY);

let ana: number;
let bo: number;
let carl: number;
beforeEach(async () => {
  ana = await insertUserRow(cut.store, "ana@example.org");
  bo = await insertUserRow(cut.store, "bo@example.org");
  carl = await insertUserRow(cut.store, "carl@example.org");
});

const studyOf = (userId: number, partnerId?: string): UserStudy =>
  testUserStudy(cut.kit.cache, NORTH, STUDY, cut.kit.snapshots, { store: cut.store, userId, partnerId });

const firstEvent = async (study: UserStudy) => {
  const [row] = (await study.rows("AdverseEvent")).value.rows;
  return row;
};

describe("comments on records", () => {
  it("are read within the organisation, never by another, which keeps a thread of its own", async () => {
    const event = await firstEvent(studyOf(ana));
    const written = await studyOf(ana).review.comment("AdverseEvent", event.key, "Ana", "Grade 3 on day 2?");
    expect(written.status).toBe("done");
    const seen = await studyOf(bo).review.thread("AdverseEvent", event.key);
    expect(seen?.subjectId).toBe(event.subjectId);
    expect(seen?.list.map((c) => [c.author, c.body])).toEqual([["Ana", "Grade 3 on day 2?"]]);

    const other = studyOf(carl, "OTHER-PARTNER");
    expect(await other.review.thread("AdverseEvent", event.key)).toBeNull();
    expect(await other.review.threads()).toEqual([]);
    await other.review.comment("AdverseEvent", event.key, "Carl", "Ours.");
    expect((await other.review.thread("AdverseEvent", event.key))?.list.map((c) => c.body)).toEqual(["Ours."]);
    expect((await studyOf(bo).review.thread("AdverseEvent", event.key))?.list.map((c) => c.body)).toEqual([
      "Grade 3 on day 2?",
    ]);
    expect((await studyOf(bo).review.threads()).map((t) => [t.recordType, t.key, t.comments])).toEqual([
      ["AdverseEvent", event.key, 1],
    ]);
  });

  it("write nothing for a record the partner does not serve now", async () => {
    expect(await studyOf(ana).review.comment("AdverseEvent", "no-such-event", "Ana", "Hello")).toEqual({
      status: "unknown-records",
      unknown: 1,
    });
    expect(await studyOf(ana).review.threads()).toEqual([]);
  });

  it("are resolved by a colleague, and opened again", async () => {
    const event = await firstEvent(studyOf(ana));
    await studyOf(ana).review.comment("AdverseEvent", event.key, "Ana", "Please check the end date.");
    expect(await studyOf(bo).review.resolve("AdverseEvent", event.key, true, "Bo")).toBe(true);
    expect((await studyOf(ana).review.thread("AdverseEvent", event.key))?.resolved?.by).toBe("Bo");
    expect(await studyOf(ana).review.resolve("AdverseEvent", event.key, false, "Ana")).toBe(true);
    expect((await studyOf(bo).review.thread("AdverseEvent", event.key))?.resolved).toBeNull();
  });
});

/**
 * GET /review/queue as the browser reaches it, on the in-process partner service: a query that does not fit is
 * refused in fixed words that repeat nothing sent; a study not on the user's connections is not found; a reviewer
 * who has marked nothing is sent to the adverse events not reviewed (every event that can be marked, counted here
 * from the rows served); once every adverse event is marked, from the adverse events to the first laboratory test
 * the partner serves, with its results counted from the rows; from that test to the next. A page narrowed by the
 * study filter has its queue narrowed as the page is, and its next address carries the filter on; the vital signs'
 * page without a chosen group is at the group its listing shows; a colleague's marks leave the user's queue as it
 * was; a page query longer than the bound is refused. The tests run in order, each on the marks of those before it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session-user";
import { testKeyOf } from "@/lib/clinical/laboratory/series";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import { insertUserRow } from "@/lib/db/testing";
import type { ExportSources } from "@/lib/export/export-sources";
import { type ChangedRecordType, recordKeyOf } from "@/lib/snapshots/changes";
import type { Store } from "@/lib/store/store";
import { testStore } from "@/lib/store/testing";
import type { UserStudy } from "@/lib/study/open-user-study";
import { cacheWithLog } from "@/lib/study/testing";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { testUserStudy } from "@/sections/export-testing";
import { QUEUE_PARTS } from "@/sections/overview-parts";
import { loadVitalSigns } from "@/sections/vital-signs/load";
import { parseVitalQuery } from "@/sections/vital-signs/query";
import { BAD_QUEUE_REQUEST, queueRoute } from "./queue-route";

const ANA: SessionUser = { id: 1, email: "ana@example.org", name: "Ana", role: "user" };
const held = vi.hoisted(() => ({ access: undefined as object | undefined }));
vi.mock("@/lib/auth/dal", () => ({ currentUser: async () => ANA }));
vi.mock("@/lib/audit/request-address", () => ({ requestAddress: async () => "192.0.2.7" }));
vi.mock("@/lib/study/open-user-study", () => ({ openUserStudy: async () => held.access }));

const sources = { explain: () => ({ status: 500, message: "failed" }) } as unknown as ExportSources;
const get = (query: Record<string, string>) =>
  queueRoute(sources, QUEUE_PARTS)(new Request(`http://127.0.0.1:3100/review/queue?${new URLSearchParams(query)}`));
const TARGET = { connectionId: "c1", study: "ONC-101" };

let t: TestService;
let store: Store;
let access: UserStudy;
let colleague: UserStudy;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 16, visits: 4 } });
  store = await testStore("sqlite");
  const { cache } = cacheWithLog(t.fetch);
  const userId = await insertUserRow(store, "ana@example.org");
  access = testUserStudy(cache, credsOf(northstar), "ONC-101", undefined, { store, userId });
  const boId = await insertUserRow(store, "bo@example.org");
  colleague = testUserStudy(cache, credsOf(northstar), "ONC-101", undefined, { store, userId: boId });
  held.access = { ...access, listed: true };
});
afterAll(async () => {
  t.db.close();
  await store.close();
});

/** The keys of the rows that can be marked: a key of its own, shared with no other row (docs/review.md). */
async function markable(recordType: ChangedRecordType, rows?: readonly object[]) {
  const all = rows ?? (await access.rows(recordType)).value.rows;
  const keys = all.map((r) => recordKeyOf(recordType, r as Record<string, unknown>));
  return keys.filter((k): k is string => k !== null && keys.indexOf(k) === keys.lastIndexOf(k));
}

const nextOf = async (query: Record<string, string>) => {
  const res = await get({ ...TARGET, ...query });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return ((await res.json()) as { next: { href: string; words: string } | null }).next;
};

describe("GET /review/queue", () => {
  it("refuses a query that does not fit in fixed words, and a study not on the user's connections", async () => {
    const bad = await get({ ...TARGET, type: "AdverseEvent", extra: "<script>" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe(JSON.stringify({ error: BAD_QUEUE_REQUEST }));
    held.access = undefined;
    const missing = await get({ ...TARGET, type: "AdverseEvent" });
    held.access = { ...access, listed: true };
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toBe("There is no such study on your connections.");
  });

  it("sends a reviewer who marked nothing to the adverse events not reviewed", async () => {
    const events = await markable("AdverseEvent");
    expect(events.length).toBeGreaterThan(1);
    expect(await nextOf({ type: "Patient" })).toEqual({
      href: "/studies/c1/ONC-101/adverse-events?ev_f_review=%3DNot+reviewed#ae-listing",
      words: `Adverse events: ${events.length.toLocaleString("en")} not reviewed`,
      type: "AdverseEvent",
    });
  });

  it("goes on from the adverse events, once all are marked, to each laboratory test in turn", async () => {
    expect((await access.review.mark("AdverseEvent", await markable("AdverseEvent"))).status).toBe("done");
    const results = (await access.rows("laboratory")).value.rows as readonly MeasurementRow[];
    const tests = [...new Set(results.map(testKeyOf))];
    expect(tests.length).toBeGreaterThan(1);
    const ofTest = (key: string) =>
      markable(
        "laboratory",
        results.filter((r) => testKeyOf(r) === key),
      );
    const [first, second] = [tests[0], tests[1]];
    const firstName = results.find((r) => testKeyOf(r) === first)?.test;

    const next = await nextOf({ type: "AdverseEvent", at: "ev_f_review=%3DNot+reviewed" });
    expect(next?.words).toBe(`Laboratory results: ${firstName}: ${(await ofTest(first)).length} not reviewed`);
    const href = new URL(next?.href ?? "", "http://portal");
    expect(href.pathname).toBe("/studies/c1/ONC-101/laboratory");
    expect(href.searchParams.get("test")).toBe(first);
    expect(href.searchParams.get("show")).toBe("all");
    expect(href.searchParams.get("res.f_review")).toBe("=Not reviewed");

    const after = await nextOf({ type: "laboratory", at: new URLSearchParams({ test: first }).toString() });
    expect(new URL(after?.href ?? "", "http://portal").searchParams.get("test")).toBe(second);
    expect(after?.words).toMatch(new RegExp(`: ${(await ofTest(second)).length} not reviewed$`));
  });

  it("narrows the queue by the page's study filter, and carries the filter on", async () => {
    const results = (await access.rows("laboratory")).value.rows as readonly MeasurementRow[];
    const subject = results[0].subjectId!;
    const theirs = results.filter((r) => r.subjectId === subject);
    const first = testKeyOf(theirs[0]);
    const count = (
      await markable(
        "laboratory",
        theirs.filter((r) => testKeyOf(r) === first),
      )
    ).length;
    const at = new URLSearchParams({ only_subjects: subject, ev_f_review: "=Not reviewed" }).toString();
    const next = await nextOf({ type: "AdverseEvent", at });
    expect(next?.words).toBe(`Laboratory results: ${theirs[0].test}: ${count} not reviewed`);
    const href = new URL(next?.href ?? "", "http://portal");
    expect(href.searchParams.get("test")).toBe(first);
    expect(href.searchParams.get("only_subjects")).toBe(subject);
    expect(href.hash).toBe("#results");
  });

  it("places the vital signs' page without a chosen group at the group its listing shows", async () => {
    // The group the page shows without a choice, as the page's own view has it.
    const shown = (await loadVitalSigns(access, parseVitalQuery(new URLSearchParams()))).chosen;
    expect(shown).not.toBeNull();
    const named = new URLSearchParams({ item: shown!.test, unit: shown!.unit ?? "" }).toString();
    const fromNamed = await nextOf({ type: "vital-signs", at: named });
    expect(await nextOf({ type: "vital-signs", at: "" })).toEqual(fromNamed);
    // Not the group shown itself: the queue goes on from it.
    const to = new URL(fromNamed?.href ?? "", "http://portal").searchParams;
    expect([to.get("item"), to.get("unit") || null]).not.toEqual([shown!.test, shown!.unit]);
  });

  it("keeps the user's queue as it was when a colleague marks records", async () => {
    const before = await nextOf({ type: "AdverseEvent" });
    const results = (await access.rows("laboratory")).value.rows as readonly MeasurementRow[];
    expect((await colleague.review.mark("laboratory", await markable("laboratory", results))).status).toBe("done");
    expect(await nextOf({ type: "AdverseEvent" })).toEqual(before);
  });

  it("refuses a page query longer than its bound, in fixed words", async () => {
    const res = await get({ ...TARGET, type: "AdverseEvent", at: "a".repeat(4_097) });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(JSON.stringify({ error: BAD_QUEUE_REQUEST }));
  });
});

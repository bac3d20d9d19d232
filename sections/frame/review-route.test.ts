/**
 * POST /review as the browser reaches it: a request from another site is refused before anything else; a body that
 * does not fit is refused in fixed words that repeat nothing sent; records named one by one, or every row a table's
 * filters show, are marked for the signed-in user in their own study and recorded once; records the partner does
 * not serve now, or a past snapshot, refuse the whole request; a user's requests beyond the limit a minute get 429.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session-user";
import type { ExportSources } from "@/lib/export/export-sources";
import { CROSS_ORIGIN_REFUSAL } from "@/lib/http/same-origin";
import type { MarkOutcome } from "@/lib/review/mark-outcome";
import { BAD_REVIEW_REQUEST, MARKS_PER_MINUTE, MAX_KEYS, reviewRoute } from "./review-route";

const ANA: SessionUser = { id: 1, email: "ana@example.org", name: "Ana", role: "user" };
const review = {
  markAll: vi.fn(
    async (groups: readonly { keys: readonly string[] }[]): Promise<MarkOutcome> => ({
      status: "done",
      count: groups.reduce((n, g) => n + g.keys.length, 0),
    }),
  ),
  unmark: vi.fn(
    async (_type: string, keys: readonly string[]): Promise<MarkOutcome> => ({
      status: "done",
      count: keys.length,
    }),
  ),
};
const rows = vi.fn(async () => ({ value: { rows: [] } }));
const opened = vi.fn(async (): Promise<object | undefined> => ({ study: "ONC-101", listed: true, review, rows }));
const audited = vi.fn(async (..._args: unknown[]) => {});
vi.mock("@/lib/auth/dal", () => ({ currentUser: async () => ANA }));
vi.mock("@/lib/audit/request-address", () => ({ requestAddress: async () => "192.0.2.7" }));
vi.mock("@/lib/study/open-user-study", () => ({ openUserStudy: () => opened() }));
vi.mock("@/lib/study/study-audit", () => ({ recordReviewMark: (...args: unknown[]) => audited(...args) }));

const HOST = "127.0.0.1:3100";
const PAGE = { origin: `http://${HOST}`, host: HOST };
const ELSEWHERE = { origin: "https://evil.example", host: HOST };
const TARGET = { connectionId: "c1", study: "ONC-101" };

const prepare = vi.fn(
  async (): Promise<unknown> => ({
    records: { recordType: "AdverseEvent", keys: () => ["AE-1", null, "AE-3"] },
  }),
);
const sources = {
  prepare,
  pack: vi.fn(),
  explain: () => ({ status: 403, message: "The partner service no longer grants this study to your connection." }),
} as unknown as ExportSources;
const route = reviewRoute(sources);

const post = (body: unknown, headers: Record<string, string> = PAGE) =>
  route(
    new Request(`http://${HOST}/review`, {
      method: "POST",
      headers,
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );

beforeEach(() => {
  vi.clearAllMocks();
});

describe("POST /review", () => {
  it("refuses a request from another site before anything else", async () => {
    const res = await post({ ...TARGET, act: "mark", recordType: "AdverseEvent", keys: ["AE-1"] }, ELSEWHERE);
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe(CROSS_ORIGIN_REFUSAL);
    expect(opened).not.toHaveBeenCalled();
  });

  it.each([
    ["no JSON", "{not json"],
    ["an unknown act", { ...TARGET, act: "approve", recordType: "AdverseEvent", keys: ["AE-1"] }],
    ["an unknown record type", { ...TARGET, act: "mark", recordType: "<script>", keys: ["AE-1"] }],
    ["too many keys", { ...TARGET, act: "mark", recordType: "laboratory", keys: Array(MAX_KEYS + 1).fill("k") }],
    ["a key too long", { ...TARGET, act: "mark", recordType: "laboratory", keys: ["<b>".repeat(100)] }],
    ["keys and a table both", { ...TARGET, act: "mark", recordType: "laboratory", keys: ["k"], shown: {} }],
  ])("refuses %s in fixed words, and marks nothing", async (_what, body) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: BAD_REVIEW_REQUEST });
    expect(review.markAll).not.toHaveBeenCalled();
  });

  it("marks records named one by one for the user, and records it once", async () => {
    const res = await post({ ...TARGET, act: "mark", recordType: "AdverseEvent", keys: ["AE-1", "AE-2"] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ count: 2 });
    expect(review.markAll).toHaveBeenCalledWith([{ recordType: "AdverseEvent", keys: ["AE-1", "AE-2"] }]);
    expect(audited).toHaveBeenCalledTimes(1);
    expect(audited.mock.calls[0].slice(1)).toEqual([{ kind: "AdverseEvent", mark: "reviewed", records: 2 }, "record"]);
  });

  it("unmarks every row a table's filters show, as its export would write them, keyless rows left out", async () => {
    const shown = { view: "adverse-events", table: "listing", query: "grade=ge3&ev_f_review=%3DReviewed" };
    const res = await post({ ...TARGET, act: "unmark", shown });
    expect(await res.json()).toEqual({ count: 2 });
    const request = prepare.mock.calls[0] as unknown as [unknown, { view: string; params: URLSearchParams }];
    expect(request[1].view).toBe("adverse-events");
    expect(request[1].params.get("grade")).toBe("ge3");
    expect(review.unmark).toHaveBeenCalledWith("AdverseEvent", ["AE-1", "AE-3"]);
    expect(audited.mock.calls[0].slice(1)).toEqual([{ kind: "AdverseEvent", mark: "unmarked", records: 2 }, "filter"]);
  });

  it("marks every row shown of a table of several record types, type by type, and records each type once", async () => {
    prepare.mockResolvedValueOnce({
      records: {
        recordType: "several",
        keys: () => ["AdverseEvent:AE-1", null, "laboratory:L:7", "AdverseEvent:AE-3", "Group:G1", "no-type"],
      },
    });
    const shown = { view: "changes", table: "listing", query: "kind=changed" };
    const res = await post({ ...TARGET, act: "mark", shown });
    expect(await res.json()).toEqual({ count: 3 });
    expect(review.markAll).toHaveBeenCalledWith([
      { recordType: "AdverseEvent", keys: ["AE-1", "AE-3"] },
      { recordType: "laboratory", keys: ["L:7"] },
    ]);
    expect(audited.mock.calls.map((c) => c.slice(1))).toEqual([
      [{ kind: "AdverseEvent", mark: "reviewed", records: 2 }, "filter"],
      [{ kind: "laboratory", mark: "reviewed", records: 1 }, "filter"],
    ]);
  });

  it("refuses to mark the rows of a table of data older than the latest, and marks nothing", async () => {
    prepare.mockResolvedValueOnce({
      records: { recordType: "several", keys: () => ["AdverseEvent:AE-1"], markable: false },
    });
    const res = await post({ ...TARGET, act: "mark", shown: { view: "changes", table: "listing", query: "" } });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatch(/compare with the latest snapshot/);
    expect(review.markAll).not.toHaveBeenCalled();
    expect(audited).not.toHaveBeenCalled();
  });

  it("answers 404 for a table that is not of records, and for a study that is not the user's", async () => {
    prepare.mockResolvedValueOnce({});
    const shown = { view: "adverse-events", table: "overview", query: "" };
    expect((await post({ ...TARGET, act: "mark", shown })).status).toBe(404);
    opened.mockResolvedValueOnce(undefined);
    const res = await post({ ...TARGET, act: "mark", recordType: "AdverseEvent", keys: ["AE-1"] });
    expect(res.status).toBe(404);
    expect(review.markAll).not.toHaveBeenCalled();
    expect(audited).not.toHaveBeenCalled();
  });

  it("marks nothing in a study the partner no longer grants, its rows asked for first", async () => {
    rows.mockRejectedValueOnce(new Error("forbidden"));
    const res = await post({ ...TARGET, act: "mark", recordType: "AdverseEvent", keys: ["AE-1"] });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("The partner service no longer grants this study to your connection.");
    expect(review.markAll).not.toHaveBeenCalled();
    expect(audited).not.toHaveBeenCalled();
  });

  it("refuses records the partner does not serve now, counting them without repeating their keys", async () => {
    review.markAll.mockResolvedValueOnce({ status: "unknown-records", unknown: 2 });
    const res = await post({ ...TARGET, act: "mark", recordType: "AdverseEvent", keys: ["<img>", "AE-9"] });
    expect(res.status).toBe(409);
    const { error } = await res.json();
    expect(error).toMatch(/^Nothing was marked: 2 records named are not among the data the partner serves now/);
    expect(error).not.toContain("<img>");
    expect(audited).not.toHaveBeenCalled();
  });

  it("refuses a past snapshot, which is read-only", async () => {
    review.markAll.mockResolvedValueOnce({ status: "read-only" });
    const res = await post({ ...TARGET, act: "mark", recordType: "AdverseEvent", keys: ["AE-1"] });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatch(/^A past snapshot is read-only/);
  });

  it("answers 429 with the seconds to wait past the user's requests a minute", async () => {
    const body = { ...TARGET, act: "mark", recordType: "AdverseEvent", keys: ["AE-1"] };
    let res = await post(body);
    for (let i = 0; i < MARKS_PER_MINUTE && res.status === 200; i++) res = await post(body);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

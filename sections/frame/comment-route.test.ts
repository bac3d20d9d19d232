/**
 * /review/comments as the browser reaches it: a write from another site is refused before anything else; a body or
 * address that does not fit is refused in fixed words that repeat nothing sent; the study is opened and its rows
 * asked for before a thread is read or written, so a user whom the partner no longer serves the study reads nothing;
 * each comment, resolution and reopening is one audit entry naming the thread and comment, never their words; a
 * user's writes beyond the limit a minute get 429.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session-user";
import type { ExportSources } from "@/lib/export/export-sources";
import { CROSS_ORIGIN_REFUSAL } from "@/lib/http/same-origin";
import { MAX_BODY } from "@/lib/review/comments-store";
import type { CommentReply } from "@/lib/review/study-comments";
import { BAD_COMMENT_REQUEST, BAD_THREAD_QUERY, COMMENTS_PER_MINUTE, commentRoute, threadRoute } from "./comment-route";

const ANA: SessionUser = { id: 1, email: "ana@example.org", name: "Ana", role: "user" };
const THREAD = { id: 7, recordType: "AdverseEvent", key: "AE-1", comments: 1, list: [] };
const review = {
  thread: vi.fn(async (): Promise<object | null> => THREAD),
  comment: vi.fn(async (): Promise<CommentReply> => ({ status: "done", threadId: 7, commentId: 31 })),
  resolve: vi.fn(async () => true),
  withdraw: vi.fn(async () => true),
};
const rows = vi.fn(async () => ({ value: { rows: [] } }));
const opened = vi.fn(async (): Promise<object | undefined> => ({ study: "ONC-101", listed: true, review, rows }));
const audited = vi.fn(async (..._args: unknown[]) => {});
vi.mock("@/lib/auth/dal", () => ({ currentUser: async () => ANA }));
vi.mock("@/lib/audit/request-address", () => ({ requestAddress: async () => "192.0.2.7" }));
vi.mock("@/lib/study/open-user-study", () => ({ openUserStudy: () => opened() }));
vi.mock("@/lib/study/study-audit", () => ({ recordReviewComment: (...args: unknown[]) => audited(...args) }));

const HOST = "127.0.0.1:3100";
const PAGE = { origin: `http://${HOST}`, host: HOST };
const ELSEWHERE = { origin: "https://evil.example", host: HOST };
const RECORD = { connectionId: "c1", study: "ONC-101", recordType: "AdverseEvent", key: "AE-1" };

const sources = {
  prepare: vi.fn(),
  pack: vi.fn(),
  explain: () => ({ status: 403, message: "The partner service no longer grants this study to your connection." }),
} as unknown as ExportSources;
const post = (body: unknown, headers: Record<string, string> = PAGE) =>
  commentRoute(sources)(
    new Request(`http://${HOST}/review/comments`, {
      method: "POST",
      headers,
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
const get = (query: Record<string, string>) =>
  threadRoute(sources)(new Request(`http://${HOST}/review/comments?${new URLSearchParams(query)}`));

beforeEach(() => {
  vi.clearAllMocks();
});

describe("POST /review/comments", () => {
  it("refuses a write from another site before anything else", async () => {
    const res = await post({ ...RECORD, act: "comment", body: "Hi" }, ELSEWHERE);
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe(CROSS_ORIGIN_REFUSAL);
    expect(opened).not.toHaveBeenCalled();
  });

  it.each([
    ["no JSON", "{not json"],
    ["an empty comment", { ...RECORD, act: "comment", body: "   " }],
    ["a comment too long", { ...RECORD, act: "comment", body: "<b>".repeat(MAX_BODY) }],
    ["an unknown act", { ...RECORD, act: "delete" }],
    ["a withdrawal without a comment's number", { ...RECORD, act: "withdraw", comment: "31" }],
    ["an unknown record type", { ...RECORD, recordType: "<script>", act: "resolve" }],
    ["a thread number instead of a record", { connectionId: "c1", study: "ONC-101", thread: 7, act: "resolve" }],
  ])("refuses %s in fixed words, and writes nothing", async (_what, body) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: BAD_COMMENT_REQUEST });
    expect(review.comment).not.toHaveBeenCalled();
    expect(review.resolve).not.toHaveBeenCalled();
  });

  it("writes a comment as the signed-in user, its words trimmed, and records the thread and comment once", async () => {
    const res = await post({ ...RECORD, act: "comment", body: "  Please check the grade.  " });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ thread: THREAD });
    expect(review.comment).toHaveBeenCalledWith("AdverseEvent", "AE-1", "Ana", "Please check the grade.");
    expect(audited).toHaveBeenCalledTimes(1);
    expect(audited.mock.calls[0][1]).toEqual({ kind: "AdverseEvent", act: "comment", thread: 7, comment: 31 });
    expect(JSON.stringify(audited.mock.calls)).not.toContain("Please check");
  });

  it("resolves and reopens a thread, each recorded once", async () => {
    expect((await post({ ...RECORD, act: "resolve" })).status).toBe(200);
    expect(review.resolve).toHaveBeenLastCalledWith("AdverseEvent", "AE-1", true, "Ana");
    expect((await post({ ...RECORD, act: "reopen" })).status).toBe(200);
    expect(review.resolve).toHaveBeenLastCalledWith("AdverseEvent", "AE-1", false, "Ana");
    expect(audited.mock.calls.map((c) => c[1])).toEqual([
      { kind: "AdverseEvent", act: "resolve", thread: 7 },
      { kind: "AdverseEvent", act: "reopen", thread: 7 },
    ]);
    review.resolve.mockResolvedValueOnce(false);
    expect((await post({ ...RECORD, act: "resolve" })).status).toBe(404);
  });

  it("withdraws the user's own comment, recorded with its thread and number; another's is 404", async () => {
    const res = await post({ ...RECORD, act: "withdraw", comment: 31 });
    expect(res.status).toBe(200);
    expect(review.withdraw).toHaveBeenCalledWith("AdverseEvent", "AE-1", 31);
    expect(audited.mock.calls.map((c) => c[1])).toEqual([
      { kind: "AdverseEvent", act: "withdraw", thread: 7, comment: 31 },
    ]);
    review.withdraw.mockResolvedValueOnce(false);
    expect((await post({ ...RECORD, act: "withdraw", comment: 32 })).status).toBe(404);
    expect(audited).toHaveBeenCalledTimes(1);
  });

  it("refuses a record the partner does not serve now without repeating its key", async () => {
    review.comment.mockResolvedValueOnce({ status: "unknown-records", unknown: 1 });
    const res = await post({ ...RECORD, key: "<img src=x>", act: "comment", body: "Hi" });
    expect(res.status).toBe(409);
    const { error } = await res.json();
    expect(error).toMatch(/^Nothing was written: the adverse event is not among the data the partner serves now/);
    expect(error).not.toContain("<img");
    expect(audited).not.toHaveBeenCalled();
  });

  it("writes nothing for a study that is not the user's, or that the partner no longer grants", async () => {
    opened.mockResolvedValueOnce(undefined);
    expect((await post({ ...RECORD, act: "comment", body: "Hi" })).status).toBe(404);
    rows.mockRejectedValueOnce(new Error("forbidden"));
    const res = await post({ ...RECORD, act: "comment", body: "Hi" });
    expect(res.status).toBe(403);
    expect(review.comment).not.toHaveBeenCalled();
  });

  it(`answers 429 with the seconds to wait past ${COMMENTS_PER_MINUTE} writes a minute`, async () => {
    let res = await post({ ...RECORD, act: "resolve" });
    for (let i = 0; i < COMMENTS_PER_MINUTE && res.status === 200; i++) res = await post({ ...RECORD, act: "resolve" });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("GET /review/comments", () => {
  it("reads the record's thread once the partner has served the study's rows", async () => {
    const res = await get(RECORD);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ thread: THREAD });
    expect(rows).toHaveBeenCalledBefore(review.thread);
  });

  it("reads nothing for a user whom the partner no longer serves the study", async () => {
    rows.mockRejectedValueOnce(new Error("forbidden"));
    const res = await get(RECORD);
    expect(res.status).toBe(403);
    expect(review.thread).not.toHaveBeenCalled();
  });

  it("refuses an address that does not fit in fixed words", async () => {
    const res = await get({ ...RECORD, recordType: "<script>" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: BAD_THREAD_QUERY });
  });
});

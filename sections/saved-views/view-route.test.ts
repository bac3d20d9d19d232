/**
 * POST /review/views as the browser reaches it: a write from another site is refused before anything else; a body
 * that does not fit, or an address that is no page of the study, is refused in words that repeat nothing sent; the
 * study is opened and its subjects asked for before anything is written; a view keeps the page below the study, its
 * query without the snapshot, and the snapshot the address names (else the latest); each write is one audit entry
 * naming the view's number, never its name or address; only what the store says is the user's own is changed.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session-user";
import type { ExportSources } from "@/lib/export/export-sources";
import { CROSS_ORIGIN_REFUSAL } from "@/lib/http/same-origin";
import type { SaveOutcome } from "@/lib/review/views-store";
import { BAD_VIEW_REQUEST, VIEW_WRITES_PER_MINUTE, viewRoute } from "./view-route";

const ANA: SessionUser = { id: 1, email: "ana@example.org", name: "Ana", role: "user" };
const views = {
  save: vi.fn(async (): Promise<SaveOutcome> => ({ status: "done", id: 12 })),
  share: vi.fn(async () => true),
  remove: vi.fn(async () => true),
};
// Study snapshots as the history gives them: each with the loads it kept.
const SNAPSHOTS = [
  { id: 9, takenAt: Date.parse("2026-11-30T10:00:00Z"), kept: new Map() },
  { id: 4, takenAt: Date.parse("2026-11-23T10:00:00Z"), kept: new Map() },
];
const history = { snapshots: vi.fn(async () => SNAPSHOTS) };
const rows = vi.fn(async () => ({ value: { rows: [] } }));
const opened = vi.fn(
  async (): Promise<object | undefined> => ({
    study: "ONC-101",
    listed: true,
    views,
    history,
    rows,
  }),
);
const audited = vi.fn(async (..._args: unknown[]) => {});
vi.mock("@/lib/auth/dal", () => ({ currentUser: async () => ANA }));
vi.mock("@/lib/audit/request-address", () => ({ requestAddress: async () => "192.0.2.7" }));
vi.mock("@/lib/study/open-user-study", () => ({ openUserStudy: () => opened() }));
vi.mock("@/lib/study/study-audit", () => ({ recordReviewView: (...args: unknown[]) => audited(...args) }));

const HOST = "127.0.0.1:3100";
const PAGE = { origin: `http://${HOST}`, host: HOST };
const ELSEWHERE = { origin: "https://evil.example", host: HOST };
const STUDY = { connectionId: "c1", study: "ONC-101" };
const SAVE = { ...STUDY, act: "save", name: "Grade 3", address: "/studies/c1/ONC-101/adverse-events?ae_f_grade=3" };

const sources = {
  prepare: vi.fn(),
  pack: vi.fn(),
  explain: () => ({ status: 403, message: "The partner service no longer grants this study to your connection." }),
} as unknown as ExportSources;
const post = (body: unknown, headers: Record<string, string> = PAGE) =>
  viewRoute(sources)(
    new Request(`http://${HOST}/review/views`, {
      method: "POST",
      headers,
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );

beforeEach(() => {
  vi.clearAllMocks();
});

describe("POST /review/views", () => {
  it("refuses a write from another site before anything else", async () => {
    const res = await post({ ...SAVE, shared: false }, ELSEWHERE);
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe(CROSS_ORIGIN_REFUSAL);
    expect(opened).not.toHaveBeenCalled();
  });

  it.each([
    ["no JSON", "{not json"],
    ["an empty name", { ...SAVE, name: "  ", shared: false }],
    ["a name too long", { ...SAVE, name: "<b>".repeat(40), shared: false }],
    ["a name with a control character", { ...SAVE, name: "a\u0007b", shared: false }],
    ["no sharing choice", SAVE],
    ["an unknown act", { ...STUDY, act: "rename", view: 12 }],
    ["a view number that is no number", { ...STUDY, act: "delete", view: "12; DROP" }],
  ])("refuses %s in fixed words, and writes nothing", async (_what, body) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: BAD_VIEW_REQUEST });
    expect(views.save).not.toHaveBeenCalled();
    expect(views.remove).not.toHaveBeenCalled();
  });

  it("saves the page below the study with its query, at the latest snapshot, and records its number once", async () => {
    const res = await post({ ...SAVE, name: "  Grade 3  ", shared: true });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ view: 12 });
    expect(rows).toHaveBeenCalledBefore(views.save);
    expect(views.save).toHaveBeenCalledWith(
      {
        path: "adverse-events",
        query: "ae_f_grade=3",
        snapshot: { id: 9, at: "2026-11-30T10:00:00.000Z" },
        name: "Grade 3",
        shared: true,
      },
      "Ana",
    );
    expect(audited).toHaveBeenCalledTimes(1);
    expect(audited.mock.calls[0][1]).toEqual({ act: "save", view: 12, shared: true });
    expect(JSON.stringify(audited.mock.calls)).not.toMatch(/Grade 3|adverse-events/);
  });

  it("keeps the past snapshot an address names apart from its query", async () => {
    const address = "/studies/c1/ONC-101/subjects/101-0001?snapshot=4&only_subjects=101-0001";
    expect((await post({ ...SAVE, address, shared: false })).status).toBe(201);
    expect(views.save).toHaveBeenCalledWith(
      expect.objectContaining({
        path: "subjects/101-0001",
        query: "only_subjects=101-0001",
        snapshot: { id: 4, at: "2026-11-23T10:00:00.000Z" },
      }),
      "Ana",
    );
  });

  it.each([
    ["another study's page", "/studies/c1/ONC-102/adverse-events"],
    ["another connection's page", "/studies/c2/ONC-101/adverse-events"],
    ["another site", "https://evil.example/studies/c1/ONC-101/adverse-events"],
    ["no section", "/studies/c1/ONC-101/<script>"],
    ["the saved views", "/studies/c1/ONC-101/views"],
    ["the settings", "/settings/connections"],
  ])("refuses %s as the view's page, repeating nothing", async (_what, address) => {
    const res = await post({ ...SAVE, address, shared: false });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error).toMatch(/^This page cannot be saved as a view of the study/);
    expect(error).not.toMatch(/script|evil|ONC-102/);
    expect(views.save).not.toHaveBeenCalled();
  });

  it("refuses a snapshot the study no longer keeps, and a name already the user's", async () => {
    const gone = await post({ ...SAVE, address: `${SAVE.address}&snapshot=3`, shared: false });
    expect(gone.status).toBe(409);
    expect((await gone.json()).error).toMatch(/no longer kept/);
    views.save.mockResolvedValueOnce({ status: "name-taken" });
    const taken = await post({ ...SAVE, name: "<i>Mine</i>", shared: false });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error).not.toContain("<i>");
    expect(audited).not.toHaveBeenCalled();
  });

  it("shares, makes private and deletes the user's own view, each recorded; another's is 404", async () => {
    expect((await post({ ...STUDY, act: "share", view: 12 })).status).toBe(200);
    expect(views.share).toHaveBeenLastCalledWith(12, true);
    expect((await post({ ...STUDY, act: "unshare", view: 12 })).status).toBe(200);
    expect(views.share).toHaveBeenLastCalledWith(12, false);
    expect((await post({ ...STUDY, act: "delete", view: 12 })).status).toBe(200);
    expect(views.remove).toHaveBeenLastCalledWith(12);
    expect(audited.mock.calls.map((c) => c[1])).toEqual([
      { act: "share", view: 12 },
      { act: "unshare", view: 12 },
      { act: "delete", view: 12 },
    ]);
    views.remove.mockResolvedValueOnce(false);
    expect((await post({ ...STUDY, act: "delete", view: 13 })).status).toBe(404);
  });

  it("writes nothing for a study that is not the user's, or that the partner no longer grants", async () => {
    opened.mockResolvedValueOnce(undefined);
    expect((await post({ ...SAVE, shared: false })).status).toBe(404);
    rows.mockRejectedValueOnce(new Error("forbidden"));
    expect((await post({ ...SAVE, shared: false })).status).toBe(403);
    expect(views.save).not.toHaveBeenCalled();
  });

  it(`answers 429 with the seconds to wait past ${VIEW_WRITES_PER_MINUTE} writes a minute`, async () => {
    let res = await post({ ...STUDY, act: "share", view: 12 });
    for (let i = 0; i < VIEW_WRITES_PER_MINUTE && res.status === 200; i++)
      res = await post({ ...STUDY, act: "share", view: 12 });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

/**
 * POST /review/findings as the browser reaches it, on the in-process partner service: a request from another site
 * is refused before anything else; a body that does not fit is refused in fixed words that repeat nothing sent; a
 * finding the whole study's checks find now is marked seen for the signed-in user, with what it says now, and the
 * request recorded once without its key; a key the checks do not find now refuses the whole request, and nothing is
 * written; the mark is taken away again.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session-user";
import { findingKeys } from "@/lib/clinical/checks/finding-key";
import { insertUserRow } from "@/lib/db/testing";
import type { ExportSources } from "@/lib/export/export-sources";
import { CROSS_ORIGIN_REFUSAL } from "@/lib/http/same-origin";
import type { Store } from "@/lib/store/store";
import { testStore } from "@/lib/store/testing";
import type { UserStudy } from "@/lib/study/open-user-study";
import { cacheWithLog } from "@/lib/study/testing";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { testUserStudy } from "@/sections/export-testing";
import { findingHash } from "./finding-review";
import { loadDataChecks } from "./load";
import { NO_CHECKS_FILTER } from "./query";
import { BAD_SEEN_REQUEST, seenRoute } from "./seen-route";

const ANA: SessionUser = { id: 1, email: "ana@example.org", name: "Ana", role: "user" };
const held = vi.hoisted(() => ({ access: undefined as object | undefined }));
const opened = vi.fn(async () => held.access);
const audited = vi.fn(async (..._args: unknown[]) => {});
vi.mock("@/lib/auth/dal", () => ({ currentUser: async () => ANA }));
vi.mock("@/lib/audit/request-address", () => ({ requestAddress: async () => "192.0.2.7" }));
vi.mock("@/lib/study/open-user-study", () => ({ openUserStudy: () => opened() }));
vi.mock("@/lib/study/study-audit", () => ({ recordReviewMark: (...args: unknown[]) => audited(...args) }));

const HOST = "127.0.0.1:3100";
const PAGE = { origin: `http://${HOST}`, host: HOST };
const ELSEWHERE = { origin: "https://evil.example", host: HOST };
const TARGET = { connectionId: "c1", study: "ONC-101" };

const sources = {
  prepare: vi.fn(),
  pack: vi.fn(),
  explain: () => ({ status: 500, message: "failed" }),
} as unknown as ExportSources;
const post = (body: unknown, headers: Record<string, string> = PAGE) =>
  seenRoute(sources)(
    new Request(`http://${HOST}/review/findings`, {
      method: "POST",
      headers,
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );

let t: TestService;
let store: Store;
let access: UserStudy;
let keys: readonly string[];
let hashes: string[];
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 16, visits: 4 } });
  store = await testStore("sqlite");
  const userId = await insertUserRow(store, "ana@example.org");
  access = testUserStudy(cacheWithLog(t.fetch).cache, credsOf(northstar), "ONC-101", undefined, { store, userId });
  held.access = { ...access, listed: true };
  const { findings } = await loadDataChecks(access, NO_CHECKS_FILTER);
  keys = findingKeys(findings);
  hashes = findings.map(findingHash);
  expect(keys.length).toBeGreaterThan(1);
});
afterAll(async () => {
  t.db.close();
  await store.close();
});
beforeEach(() => {
  vi.clearAllMocks();
});

describe("POST /review/findings", () => {
  it("refuses a request from another site before anything else", async () => {
    const res = await post({ ...TARGET, act: "seen", keys: [keys[0]] }, ELSEWHERE);
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe(CROSS_ORIGIN_REFUSAL);
    expect(opened).not.toHaveBeenCalled();
  });

  it.each([
    ["no JSON", "{not json"],
    ["an unknown act", { ...TARGET, act: "approve", keys: ["a".repeat(24)] }],
    ["a key that is no finding's key", { ...TARGET, act: "seen", keys: ["<script>alert(1)</script>"] }],
    ["no key", { ...TARGET, act: "seen", keys: [] }],
    ["too many keys", { ...TARGET, act: "seen", keys: Array(101).fill("a".repeat(24)) }],
  ])("refuses %s in fixed words, and writes nothing", async (_what, body) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: BAD_SEEN_REQUEST });
    expect(opened).not.toHaveBeenCalled();
  });

  it("marks a finding found now seen with what it says, records the request once without its key", async () => {
    const res = await post({ ...TARGET, act: "seen", keys: [keys[0]] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ count: 1 });
    const seen = await access.review.seenFindings();
    expect(seen.get(keys[0])?.hash).toBe(hashes[0]);
    expect(audited).toHaveBeenCalledTimes(1);
    expect(audited.mock.calls[0][1]).toEqual({ kind: "finding", mark: "reviewed", records: 1 });
    expect(JSON.stringify(audited.mock.calls)).not.toContain(keys[0]);
  });

  it("refuses the whole request where a key is not found now, and marks nothing", async () => {
    const unknown = "0".repeat(24);
    expect(keys).not.toContain(unknown);
    const before = (await access.review.seenFindings()).size;
    const res = await post({ ...TARGET, act: "seen", keys: [keys[1], unknown] });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatch(/^Nothing was marked: a finding named is not among/);
    expect((await access.review.seenFindings()).size).toBe(before);
    expect((await access.review.seenFindings()).has(keys[1])).toBe(false);
    expect(audited).not.toHaveBeenCalled();
  });

  it("takes the mark away again", async () => {
    await post({ ...TARGET, act: "seen", keys: [keys[1]] });
    const res = await post({ ...TARGET, act: "unseen", keys: [keys[1]] });
    expect(res.status).toBe(200);
    expect((await access.review.seenFindings()).has(keys[1])).toBe(false);
    expect(audited.mock.calls.at(-1)?.[1]).toEqual({ kind: "finding", mark: "unmarked", records: 1 });
  });
});

/**
 * The export starts a user may make in a minute: in memory without Redis; in Redis the starts on every instance
 * count together, and a start that cannot be counted is refused in words (503), starting nothing.
 */
import type Redis from "ioredis";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session-user";
import { RedisWindowLimit } from "@/lib/coordination/redis-window-limit";
import { SlidingWindowLimit } from "@/lib/coordination/sliding-window";
import { testPrefix, testRedisEach, unreachableRedis } from "@/lib/coordination/testing";
import { forgetProcessSingleton } from "@/lib/runtime/process-singleton";
import type { ExportJobs } from "./export-jobs";
import { exportStarts } from "./export-service";
import type { ExportSources } from "./export-sources";
import { STARTS_NOT_COUNTED, startExport } from "./start-export";

const held = vi.hoisted(() => ({ client: undefined as Redis | undefined }));
vi.mock("@/lib/coordination/redis", async (original) => ({
  ...(await original<typeof import("@/lib/coordination/redis")>()),
  redis: () => held.client,
}));
vi.mock("@/lib/audit/request-address", () => ({ requestAddress: async () => "192.0.2.7" }));
vi.mock("@/lib/study/study-cache-instance", () => ({ studyCache: () => ({}) }));
vi.mock("@/lib/store/portal-store", () => ({ portalStore: async () => ({}) }));
vi.mock("@/lib/study/open-user-study", () => ({
  openUserStudy: async () => ({
    study: "ONC-101",
    listed: true,
    connection: { id: "c1", name: "Northstar", partnerId: "NORTHSTAR" },
  }),
}));

const ANA: SessionUser = { id: 1, email: "ana@example.org", name: "Ana", role: "user" };
const HOST = "127.0.0.1:3100";
const BODY = { connectionId: "c1", study: "ONC-101", view: "laboratory", table: "nosuch", format: "csv", query: "" };
const OPTIONS = { name: "export-starts", what: "export starts", perWindow: 2, windowMs: 60_000 };

/** Jobs that admit every start (each is then dropped: the table asked for does not exist). */
const jobs = () => ({ open: vi.fn(() => ({ job: {} })), drop: vi.fn() });
/** Sources with no such table: a counted start answers 404 before any job runs. */
const sources = (): ExportSources => ({
  prepare: vi.fn(async () => undefined) as never,
  pack: vi.fn(),
  explain: () => ({ status: 500, message: "failed" }),
});
const start = (starts: RedisWindowLimit<number>, j = jobs()) =>
  startExport(
    ANA,
    new Request(`http://${HOST}/exports`, { method: "POST", body: JSON.stringify(BODY) }),
    sources(),
    j as unknown as ExportJobs,
    starts,
  );

describe("export starts", () => {
  const redis = testRedisEach();
  afterEach(() => {
    held.client = undefined;
    forgetProcessSingleton("limit:export-starts");
  });

  it("are counted in memory without Redis, in Redis with it, once per process", () => {
    const memory = exportStarts();
    expect(memory).toBeInstanceOf(SlidingWindowLimit);
    expect(memory.perWindow).toBe(10);
    expect(exportStarts()).toBe(memory);
    forgetProcessSingleton("limit:export-starts");
    held.client = redis();
    expect(exportStarts()).toBeInstanceOf(RedisWindowLimit);
  });

  it("are counted on every instance together", async () => {
    const prefix = testPrefix();
    const [one, two] = [
      new RedisWindowLimit<number>(redis(prefix), OPTIONS),
      new RedisWindowLimit(redis(prefix), OPTIONS),
    ];
    expect((await start(one)).status).toBe(404);
    expect((await start(two)).status).toBe(404);
    const refused = await start(one);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).error).toMatch(/^You have started as many exports in the last minute/);
  });

  it("are refused in words, starting nothing, when they cannot be counted", async () => {
    const client = unreachableRedis();
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const j = jobs();
      const refused = await start(new RedisWindowLimit<number>(client, OPTIONS), j);
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("5");
      expect((await refused.json()).error).toBe(STARTS_NOT_COUNTED);
      expect(STARTS_NOT_COUNTED).toBe(
        "The server cannot count export starts just now, so this export was not started. Try again shortly.",
      );
      expect(j.open).not.toHaveBeenCalled();
    } finally {
      quiet.mockRestore();
      client.disconnect();
    }
  });
});

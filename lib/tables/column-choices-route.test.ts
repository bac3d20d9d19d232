/**
 * POST /table-columns as the Columns chooser reaches it: from another site refused before anything else, signed out
 * 401, a body that does not fit 400 (or 413) in words that repeat nothing sent, a user's saves beyond the limit a
 * minute 429 (counted by every instance together in Redis; 503 in words when they cannot be counted); a choice kept
 * for the user's next page, and cleared by a choice that names no column.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session-user";
import { RedisWindowLimit } from "@/lib/coordination/redis-window-limit";
import { SlidingWindowLimit } from "@/lib/coordination/sliding-window";
import { testPrefix, testRedisEach, unreachableRedis } from "@/lib/coordination/testing";
import { tableColumnChoices } from "@/lib/db/table-columns";
import { insertUserRow } from "@/lib/db/testing";
import { CROSS_ORIGIN_REFUSAL } from "@/lib/http/same-origin";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import {
  columnChoiceRoute,
  MAX_CHOICE_BODY,
  NOT_JSON,
  SAVES_NOT_COUNTED,
  SAVES_PER_MINUTE,
  saveColumnChoice,
  TOO_LARGE,
} from "./column-choices-route";

let signedIn: SessionUser | null = null;
vi.mock("@/lib/auth/dal", () => ({ currentUser: async () => signedIn }));

const HOST = "127.0.0.1:3100";
const PAGE = { origin: `http://${HOST}`, host: HOST, "content-type": "application/json" };
const ELSEWHERE = { origin: "https://evil.example", host: HOST };
const OVERVIEW = "laboratory.overview";

const RELOAD = "Reload the page and try again.";

describe.each(STORE_KINDS)("POST /table-columns (%s)", (kind) => {
  let store: Store;
  let ana: SessionUser;
  let saves: SlidingWindowLimit<number>;
  beforeEach(async () => {
    store = await testStore(kind);
    ana = { id: await insertUserRow(store, "ana@example.org"), email: "ana@example.org", name: "Ana", role: "user" };
    signedIn = ana;
    saves = new SlidingWindowLimit<number>({ perWindow: 120, windowMs: 60_000 });
  });
  afterEach(async () => store.close());

  const post = (body: unknown, headers: Record<string, string> = PAGE) =>
    new Request(`http://${HOST}/table-columns`, {
      method: "POST",
      headers,
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const route = () =>
    columnChoiceRoute(
      async () => store,
      () => saves,
    );
  const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

  describe("who may save", () => {
    it("refuses a request from another site before the session or the store", async () => {
      const res = await route()(post({ table: OVERVIEW, choices: { median: true } }, ELSEWHERE));
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toBe(CROSS_ORIGIN_REFUSAL);
      expect(await tableColumnChoices(store, ana.id)).toEqual({});
    });

    it("answers 401 in words to a signed-out request, keeping nothing", async () => {
      signedIn = null;
      const res = await route()(post({ table: OVERVIEW, choices: { median: true } }));
      expect(res.status).toBe(401);
      expect(await errorOf(res)).toBe("Your session has ended. Sign in again, then try again.");
      expect(await store.db.selectFrom("table_columns").selectAll().execute()).toEqual([]);
    });
  });

  describe("a save", () => {
    it("keeps the signed-in user's choice of the table for their next page, and clears it with no column", async () => {
      const res = await route()(post({ table: OVERVIEW, choices: { median: true, service: false } }));
      expect(res.status).toBe(204);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await tableColumnChoices(store, ana.id)).toEqual({ [OVERVIEW]: { median: true, service: false } });
      expect((await route()(post({ table: OVERVIEW, choices: {} }))).status).toBe(204);
      expect(await tableColumnChoices(store, ana.id)).toEqual({});
    });

    it("takes a program's request without Origin, as the session decides", async () => {
      const res = await route()(post({ table: "subjects.list", choices: { race: false } }, { host: HOST }));
      expect(res.status).toBe(204);
      expect(await tableColumnChoices(store, ana.id)).toEqual({ "subjects.list": { race: false } });
    });
  });

  describe("a body that does not fit", () => {
    it.each([
      ["a table key that breaks the pattern", { table: "<script>.list", choices: {} }, "table"],
      ["no table", { choices: { median: true } }, "table"],
      ["a column ID that breaks the pattern", { table: OVERVIEW, choices: { "drop table": true } }, "choices"],
      ["a value that is not a boolean", { table: OVERVIEW, choices: { median: "yes" } }, "choices"],
      ["a field besides the two", { table: OVERVIEW, choices: {}, user: 2 }, null],
    ])("is refused with 400 for %s, naming the field and not its value", async (_, body, field) => {
      const res = await route()(post(body));
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      if (field) expect(error).toBe(`The choice of columns' field "${field}" is missing or not valid. ${RELOAD}`);
      else expect(error).toBe(`The choice of columns is not valid. ${RELOAD}`);
      expect(error).not.toMatch(/script|drop|yes|user/);
      expect(await tableColumnChoices(store, ana.id)).toEqual({});
    });

    it("is refused with 400 when it is not JSON", async () => {
      const res = await route()(post("{table"));
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe(NOT_JSON);
    });

    it("names the bound for a choice of more than 100 columns", async () => {
      const choices = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`c${i}`, true]));
      const res = await route()(post({ table: OVERVIEW, choices }));
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe("A table's choice of columns names at most 100 columns.");
      expect(await tableColumnChoices(store, ana.id)).toEqual({});
    });

    it("is refused with 413 beyond the size limit, by its length or its text", async () => {
      const long = { table: OVERVIEW, choices: {}, pad: "x".repeat(MAX_CHOICE_BODY) };
      const res = await route()(post(long));
      expect(res.status).toBe(413);
      expect(await errorOf(res)).toBe(TOO_LARGE);
      const declared = await route()(post({ table: OVERVIEW, choices: {} }, { ...PAGE, "content-length": "20000" }));
      expect(declared.status).toBe(413);
    });
  });

  it("refuses a user's saves beyond the limit a minute with 429 and Retry-After; another user goes on", async () => {
    let clock = 0;
    const limited = new SlidingWindowLimit<number>({ perWindow: 2, windowMs: 60_000, now: () => clock });
    const save = (user: SessionUser) =>
      saveColumnChoice(user, post({ table: OVERVIEW, choices: { a: true } }), async () => store, limited);
    expect((await save(ana)).status).toBe(204);
    clock = 20_000;
    expect((await save(ana)).status).toBe(204);
    clock = 30_000;
    const refused = await save(ana);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(await errorOf(refused)).toBe(
      "You have changed columns more often in the last minute than the portal allows. " +
        "Wait 30 seconds, then choose again.",
    );
    expect((await save({ ...ana, id: await insertUserRow(store, "bo@example.org") })).status).toBe(204);
    clock = 60_000;
    expect((await save(ana)).status).toBe(204);
  });

  describe("saves counted in Redis", () => {
    const redis = testRedisEach();
    const options = { name: "column-saves", what: "column changes", perWindow: 2, windowMs: 60_000 };
    const save = (limit: RedisWindowLimit<number>) =>
      saveColumnChoice(ana, post({ table: OVERVIEW, choices: { a: true } }), async () => store, limit);

    it("counts a user's saves on every instance together", async () => {
      expect(SAVES_PER_MINUTE).toBe(120);
      const prefix = testPrefix();
      const [one, two] = [
        new RedisWindowLimit<number>(redis(prefix), options),
        new RedisWindowLimit(redis(prefix), options),
      ];
      expect((await save(one)).status).toBe(204);
      expect((await save(two)).status).toBe(204);
      const refused = await save(one);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await errorOf(refused)).toMatch(/^You have changed columns more often in the last minute/);
    });

    it("refuses with 503 in words, keeping nothing, when the saves cannot be counted", async () => {
      const client = unreachableRedis();
      const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        const refused = await save(new RedisWindowLimit<number>(client, options));
        expect(refused.status).toBe(503);
        expect(refused.headers.get("retry-after")).toBe("5");
        expect(await errorOf(refused)).toBe(SAVES_NOT_COUNTED);
        expect(SAVES_NOT_COUNTED).toBe(
          "The server cannot count column changes just now, so this choice was not saved. Try again shortly.",
        );
        expect(await tableColumnChoices(store, ana.id)).toEqual({});
      } finally {
        quiet.mockRestore();
        client.disconnect();
      }
    });
  });
});

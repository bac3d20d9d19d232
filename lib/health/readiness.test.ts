/**
 * Readiness answers 200 only when the store (and Redis, when used) answers, names the part that does not in words,
 * and answers "stopping" once a stop has begun; liveness reads nothing.
 */
import Redis from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { redisAnswers, redisOptions } from "@/lib/coordination/redis";
import { testRedis } from "@/lib/coordination/testing";
import { forgetProcessSingleton } from "@/lib/runtime/process-singleton";
import { processStop } from "@/lib/runtime/process-stop";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { boundedCheck } from "./bounded-check";
import { liveResponse, readyResponse } from "./health-routes";
import { CHECK_MS, type ReadinessChecks, storeAnswers } from "./readiness";

/** A Redis client on a port nothing listens on. */
const deadRedis = () => {
  const client = new Redis("redis://127.0.0.1:1", { ...redisOptions("study-portal-test:dead:"), lazyConnect: true });
  client.on("error", () => undefined);
  return client;
};

const closers: Array<() => unknown> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  forgetProcessSingleton("processStop");
});

function checksOver(store: Store, client?: Redis): ReadinessChecks {
  return {
    stopping: () => processStop().stopping,
    store: boundedCheck(() => storeAnswers(Promise.resolve(store)), CHECK_MS),
    ...(client ? { redis: boundedCheck(() => redisAnswers(client), CHECK_MS) } : {}),
  };
}

async function answer(checks: ReadinessChecks) {
  const response = await readyResponse(checks);
  return { status: response.status, cache: response.headers.get("cache-control"), body: await response.text() };
}

describe.each(STORE_KINDS)("readiness (%s store)", (kind) => {
  it("is 200 when the store answers, with no Redis part when the portal runs without it", async () => {
    const store = await testStore(kind);
    closers.push(() => store.close());
    expect(await answer(checksOver(store))).toEqual({
      status: 200,
      cache: "no-store",
      body: JSON.stringify({ status: "ok", store: "ok" }),
    });
  });

  it("is 503 naming the store when it does not answer", async () => {
    const store = await testStore(kind);
    await store.close();
    const { status, body } = await answer(checksOver(store));
    expect(status).toBe(503);
    expect(JSON.parse(body)).toEqual({ status: "unavailable", store: "unreachable" });
  });

  it("is 200 when Redis answers too, and 503 naming Redis, in words only, when it does not", async () => {
    const store = await testStore(kind);
    const live = testRedis();
    const dead = deadRedis();
    closers.push(
      () => store.close(),
      () => live.quit(),
      () => dead.disconnect(),
    );
    expect(JSON.parse((await answer(checksOver(store, live))).body)).toEqual({
      status: "ok",
      store: "ok",
      redis: "ok",
    });
    const refused = await answer(checksOver(store, dead));
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.body)).toEqual({ status: "unavailable", store: "ok", redis: "unreachable" });
    expect(refused.body).not.toMatch(/127\.0\.0\.1|redis:|ECONNREFUSED/);
  });

  it("is 503 stopping once a stop has begun, without asking the store", async () => {
    const store = await testStore(kind);
    closers.push(() => store.close());
    let asked = 0;
    const checks: ReadinessChecks = { ...checksOver(store), store: async () => ++asked > 0 };
    expect((await answer(checks)).status).toBe(200);
    processStop().stopping = true;
    expect(await answer(checks)).toEqual({
      status: 503,
      cache: "no-store",
      body: JSON.stringify({ status: "stopping" }),
    });
    expect(asked).toBe(1);
  });
});

describe("the process's readiness", () => {
  it("answers 503 stopping once the process's stop has begun", async () => {
    closers.push(() => forgetProcessSingleton("readinessChecks"));
    processStop().stopping = true;
    const response = await readyResponse();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "stopping" });
  });
});

describe("a bounded check", () => {
  it("answers false when its run does not end in time, or fails", async () => {
    expect(await boundedCheck(() => new Promise<boolean>(() => {}), 10)()).toBe(false);
    expect(await boundedCheck(() => Promise.reject(new Error("refused")), 10)()).toBe(false);
    expect(
      await boundedCheck(() => {
        throw new Error("at once");
      }, 10)(),
    ).toBe(false);
  });

  it("runs once at a time: callers while it runs share the run, and a later caller starts another", async () => {
    let runs = 0;
    let release: (value: boolean) => void = () => {};
    const check = boundedCheck(() => {
      runs++;
      return new Promise<boolean>((resolve) => {
        release = resolve;
      });
    }, 10);
    // Three probes while the store hangs: one query, and each probe still gets its answer.
    expect(await Promise.all([check(), check(), check()])).toEqual([false, false, false]);
    expect(runs).toBe(1);
    release(true);
    await new Promise((resolve) => setImmediate(resolve));
    const next = check();
    release(true);
    expect(await next).toBe(true);
    expect(runs).toBe(2);
  });
});

describe("liveness", () => {
  it("is 200 ok, never cached, and says nothing more", async () => {
    const response = liveResponse();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe(JSON.stringify({ status: "ok" }));
  });
});

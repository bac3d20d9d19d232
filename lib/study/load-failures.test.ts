/**
 * The failed loads kept for the studies list: which failures say something of the connection, whose they are, that
 * a served request forgets them, and that the record is bounded; in memory and in Redis, where every instance sees
 * the failures of the others, for a week, and a Redis that does not answer costs the page nothing.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { LIMIT_KINDS, type LimitKind, testPrefix, testRedisEach, unreachableRedis } from "@/lib/coordination/testing";
import { SecretBoxError } from "@/lib/crypto/secret-box";
import { StudyForbiddenError, UnavailableError, UnreachableError } from "@/lib/partner-client/errors";
import { CallerLimitError } from "@/lib/study-cache/caller-limits";
import { LoadDetachedError } from "@/lib/study-cache/ttl-lru";
import {
  connectionFailure,
  type LoadFailureFacts,
  type LoadFailures,
  MemoryLoadFailures,
  recordingFailures,
} from "./load-failures";
import { LOAD_FAILURE_TTL_MS, loadFailuresKey, RedisLoadFailures } from "./redis-load-failures";
import type { StudyRows } from "./study-rows";

const request = { what: "Patient", study: "ONC-101", path: "/svc-apim/fhir/Patient" };
const down = () => new UnavailableError(request, 503, 3);
const DOWN: LoadFailureFacts = { kind: "unavailable", status: 503, attempts: 3, request };
const owner = { userId: 7, connectionId: "c1", study: "ONC-101" };

describe("connectionFailure", () => {
  it("keeps the facts of the partner's failures and of a connection unusable before any request", () => {
    expect(connectionFailure(down())).toEqual(DOWN);
    expect(connectionFailure(new UnreachableError(request, true, 3))).toEqual({
      kind: "unreachable",
      timedOut: true,
      attempts: 3,
      request,
    });
    expect(connectionFailure(new SecretBoxError("sealed under another key"))).toEqual({ kind: "secret-unreadable" });
  });

  it("leaves out the partner's refusal of a study, the user's own limits, a stopped load and a bug", () => {
    expect(connectionFailure(new StudyForbiddenError(request, 403, 1))).toBeUndefined();
    expect(connectionFailure(new CallerLimitError({ kind: "loads-limited", maxLoads: 2 }))).toBeUndefined();
    const signIns = new CallerLimitError({ kind: "sign-ins-limited", perMinute: 5, retryAfterSeconds: 40 });
    expect(connectionFailure(signIns)).toBeUndefined();
    expect(connectionFailure(new LoadDetachedError())).toBeUndefined();
    expect(connectionFailure(new TypeError("x is undefined"))).toBeUndefined();
  });
});

/** A record in memory, or in Redis under a fresh prefix whose keys the test deletes. */
function records(kind: LimitKind) {
  const redis = testRedisEach();
  const used: ReturnType<typeof redis>[] = [];
  afterEach(async () => {
    for (const client of used.splice(0))
      for (const [user, connection] of [
        [7, "c1"],
        [7, "c2"],
        [8, "c1"],
      ] as const)
        await client.del(loadFailuresKey(user, connection));
  });
  return (prefix = testPrefix()): LoadFailures => {
    if (kind === "memory") return new MemoryLoadFailures();
    const client = redis(prefix);
    used.push(client);
    return new RedisLoadFailures(client);
  };
}

describe.each(LIMIT_KINDS)("LoadFailures (%s)", (kind) => {
  const record = records(kind);

  it("gives a user's failures through one connection only, the oldest first", async () => {
    const kept = record();
    await kept.failed(owner, "Patient", DOWN, 2_000);
    await kept.failed({ ...owner, study: "CARD-201" }, "Group", DOWN, 3_000);
    await kept.failed({ ...owner, userId: 8 }, "Patient", DOWN, 4_000);
    await kept.failed({ ...owner, connectionId: "c2" }, "Patient", DOWN, 5_000);
    expect(await kept.of(7, "c1")).toEqual([
      { study: "ONC-101", recordType: "Patient", at: 2_000, failure: DOWN },
      { study: "CARD-201", recordType: "Group", at: 3_000, failure: DOWN },
    ]);
  });

  it("keeps the newest failure of a record type, and forgets it once that record type is served", async () => {
    const kept = record();
    await kept.failed(owner, "Patient", DOWN, 1_000);
    await kept.failed(owner, "Group", DOWN, 5_000);
    await kept.failed(owner, "Patient", DOWN, 9_000);
    expect((await kept.of(7, "c1")).map((f) => [f.recordType, f.at])).toEqual([
      ["Group", 5_000],
      ["Patient", 9_000],
    ]);
    await kept.succeeded(owner, "Patient");
    expect((await kept.of(7, "c1")).map((f) => f.recordType)).toEqual(["Group"]);
  });

  describe("recordingFailures", () => {
    const hit = { value: { rows: [], received: 0, rejected: { count: 0, examples: [] } }, loadedAt: 1 };
    const study = (answer: () => Promise<unknown>) => ({ rows: answer as unknown as StudyRows });

    it("keeps a failed load with its time and still throws it to the page", async () => {
      const kept = record();
      const err = down();
      const rows = recordingFailures(
        owner,
        study(() => Promise.reject(err)),
        kept,
        () => 42_000,
      ).rows;
      await expect(rows("Patient")).rejects.toBe(err);
      expect(await kept.of(7, "c1")).toEqual([{ study: "ONC-101", recordType: "Patient", at: 42_000, failure: DOWN }]);
    });

    it("forgets the failure once the same rows are served, and keeps nothing of a refused study", async () => {
      const kept = record();
      await kept.failed(owner, "Patient", DOWN, 1_000);
      await recordingFailures(
        owner,
        study(() => Promise.resolve(hit)),
        kept,
      ).rows("Patient");
      expect(await kept.of(7, "c1")).toEqual([]);
      const forbidden = recordingFailures(
        owner,
        study(() => Promise.reject(new StudyForbiddenError(request, 403, 1))),
        kept,
      );
      await expect(forbidden.rows("Patient")).rejects.toBeInstanceOf(StudyForbiddenError);
      expect(await kept.of(7, "c1")).toEqual([]);
    });
  });
});

describe("LoadFailures in memory", () => {
  it("drops the oldest failure beyond its bound", async () => {
    const kept = new MemoryLoadFailures(2);
    for (const [i, recordType] of ["Patient", "Group", "AdverseEvent"].entries())
      await kept.failed(owner, recordType, DOWN, 1_000 * (i + 1));
    expect((await kept.of(7, "c1")).map((f) => f.recordType)).toEqual(["Group", "AdverseEvent"]);
  });
});

describe("LoadFailures in Redis", () => {
  const record = records("redis");
  const redis = testRedisEach();

  it("are seen by every instance: a failure on one shows on another's list; a load there forgets it", async () => {
    const prefix = testPrefix();
    const [one, two] = [record(prefix), record(prefix)];
    await one.failed(owner, "Patient", DOWN, 2_000);
    expect(await two.of(7, "c1")).toEqual([{ study: "ONC-101", recordType: "Patient", at: 2_000, failure: DOWN }]);
    await two.succeeded(owner, "Patient");
    expect(await one.of(7, "c1")).toEqual([]);
  });

  it("keep a connection's failures a week after its latest", async () => {
    const client = redis();
    await new RedisLoadFailures(client).failed(owner, "Patient", DOWN, 2_000);
    const ttl = await client.pttl(loadFailuresKey(7, "c1"));
    expect(LOAD_FAILURE_TTL_MS).toBe(7 * 24 * 60 * 60_000);
    expect(ttl).toBeGreaterThan(LOAD_FAILURE_TTL_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(LOAD_FAILURE_TTL_MS);
    await client.del(loadFailuresKey(7, "c1"));
  });

  it("cost the page nothing when Redis does not answer: its rows and its errors are the same", async () => {
    const client = unreachableRedis();
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const kept = new RedisLoadFailures(client);
      const hit = { value: { rows: [], received: 0, rejected: { count: 0, examples: [] } }, loadedAt: 1 };
      const served = recordingFailures(owner, { rows: (() => Promise.resolve(hit)) as unknown as StudyRows }, kept);
      expect(await served.rows("Patient")).toBe(hit);
      const err = down();
      const failed = recordingFailures(owner, { rows: (() => Promise.reject(err)) as unknown as StudyRows }, kept);
      await expect(failed.rows("Patient")).rejects.toBe(err);
      await expect(kept.of(7, "c1")).rejects.toThrow();
    } finally {
      quiet.mockRestore();
      client.disconnect();
    }
  });
});

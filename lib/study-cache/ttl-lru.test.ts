import { describe, expect, it } from "vitest";
import { type Loaded, type Loader, TtlLruCache } from "./ttl-lru";

const clock = () => {
  const c = { now: 1_000_000, tick: (ms: number) => (c.now += ms) };
  return c;
};

/** A loader that counts its calls and resolves when told to. */
function deferredLoader<T>(value: T, bytes = 10) {
  const calls = { n: 0 };
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const load: Loader<T> = async () => {
    calls.n++;
    await gate;
    return { value, bytes };
  };
  return { load, calls, release };
}

const now =
  (v: string, bytes = 10): Loader<string> =>
  async () =>
    ({ value: v, bytes }) satisfies Loaded<string>;

describe("TtlLruCache", () => {
  it("single flight: 25 concurrent gets run one load and share its result", async () => {
    const cache = new TtlLruCache<string>({ ttlMs: 60_000, maxBytes: 1000 });
    const d = deferredLoader("rows");
    const gets = Array.from({ length: 25 }, () => cache.get("k", d.load));
    d.release();
    const results = await Promise.all(gets);
    expect(d.calls.n).toBe(1);
    expect(new Set(results.map((r) => r.value))).toEqual(new Set(["rows"]));
    expect(cache.stats()).toMatchObject({ entries: 1, misses: 1, shared: 24, hits: 0, loading: 0 });
  });

  it("serves from the cache within the time to live, and loads again after it", async () => {
    const c = clock();
    const cache = new TtlLruCache<string>({ ttlMs: 60_000, maxBytes: 1000, now: () => c.now });
    let loads = 0;
    const load: Loader<string> = async () => ({ value: `v${++loads}`, bytes: 10 });
    const first = await cache.get("k", load);
    expect(first).toEqual({ value: "v1", loadedAt: 1_000_000 });
    c.tick(59_999);
    expect(await cache.get("k", load)).toEqual({ value: "v1", loadedAt: 1_000_000 });
    c.tick(1);
    expect(await cache.get("k", load)).toEqual({ value: "v2", loadedAt: 1_060_000 });
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 2, entries: 1, bytes: 10 });
  });

  it("a time to live of 0 loads every time", async () => {
    const cache = new TtlLruCache<string>({ ttlMs: 0, maxBytes: 1000 });
    let loads = 0;
    const load: Loader<string> = async () => ({ value: String(++loads), bytes: 1 });
    await cache.get("k", load);
    await cache.get("k", load);
    expect(loads).toBe(2);
  });

  it("refresh: invalidate drops the matching entries only, and the next get loads again", async () => {
    const cache = new TtlLruCache<string>({ ttlMs: 60_000, maxBytes: 1000 });
    await cache.get("a/1", now("a1"));
    await cache.get("a/2", now("a2"));
    await cache.get("b/1", now("b1"));
    expect(cache.invalidate((k) => k.startsWith("a/"))).toBe(2);
    expect(cache.stats().list.map((e) => e.key)).toEqual(["b/1"]);
    expect((await cache.get("a/1", now("a1 again"))).value).toBe("a1 again");
    expect(cache.stats().bytes).toBe(20);
  });

  it("a refresh during a load detaches it: its result is not stored, and the next get starts a new load", async () => {
    const cache = new TtlLruCache<string>({ ttlMs: 60_000, maxBytes: 1000 });
    const old = deferredLoader("old");
    const pending = cache.get("k", old.load);
    cache.invalidate(() => true);
    const fresh = deferredLoader("new");
    const next = cache.get("k", fresh.load);
    fresh.release();
    old.release();
    expect((await pending).value).toBe("old");
    expect((await next).value).toBe("new");
    expect(fresh.calls.n).toBe(1);
    expect((await cache.get("k", now("unused"))).value).toBe("new");
  });

  it("aborts a detached load: its signal fires with the reason, which every waiting caller receives", async () => {
    const cache = new TtlLruCache<string>({ ttlMs: 60_000, maxBytes: 1000 });
    let seen: AbortSignal | undefined;
    const abortable: Loader<string> = (_progress, signal) => {
      seen = signal;
      return new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(signal.reason)));
    };
    const first = cache.get("a/k", abortable);
    const joined = cache.get("a/k", now("unused"));
    const other = deferredLoader("b");
    const untouched = cache.get("b/k", other.load);
    const reason = new Error("no longer granted");
    cache.invalidate((k) => k.startsWith("a/"), reason);
    expect(seen?.aborted).toBe(true);
    await expect(first).rejects.toBe(reason);
    await expect(joined).rejects.toBe(reason);
    expect(cache.stats().loading).toBe(1);
    other.release();
    expect((await untouched).value).toBe("b");
  });

  it("peek reads fresh entries without using them: no hit, no change of the eviction order", async () => {
    const c = clock();
    const cache = new TtlLruCache<string>({ ttlMs: 60_000, maxBytes: 20, now: () => c.now });
    await cache.get("s1/a", now("A"));
    c.tick(1_000);
    await cache.get("s1/b", now("B"));
    expect(cache.peek((k) => k.startsWith("s1/"))).toEqual([
      { key: "s1/a", value: "A", loadedAt: 1_000_000 },
      { key: "s1/b", value: "B", loadedAt: 1_001_000 },
    ]);
    expect(cache.stats().hits).toBe(0);
    // "s1/a" is still the least recently used: a third entry pushes it out, not "s1/b".
    await cache.get("s2/c", now("C"));
    expect(cache.peek(() => true).map((e) => e.key)).toEqual(["s1/b", "s2/c"]);
    c.tick(60_000);
    expect(cache.peek((k) => k === "s1/b")).toEqual([]);
  });

  it("holds a key while it is fresh or loading, and says who started a load", async () => {
    const c = clock();
    const cache = new TtlLruCache<string>({ ttlMs: 1_000, maxBytes: 1000, now: () => c.now });
    expect(cache.holds("k")).toBe(false);
    const d = deferredLoader("v");
    const pending = cache.get("k", d.load, "alice");
    expect(cache.holds("k")).toBe(true);
    expect(cache.progress(() => true)).toEqual([
      { key: "k", startedBy: "alice", progress: { loaded: 0, total: null } },
    ]);
    d.release();
    await pending;
    expect(cache.holds("k")).toBe(true);
    c.tick(1_000);
    expect(cache.holds("k")).toBe(false);
  });

  it("never stores a failure: the error reaches every waiting caller and the next get tries again", async () => {
    const cache = new TtlLruCache<string>({ ttlMs: 60_000, maxBytes: 1000 });
    let calls = 0;
    const failing: Loader<string> = async () => {
      calls++;
      throw new Error("partner down");
    };
    const both = [cache.get("k", failing), cache.get("k", failing)];
    await expect(both[0]).rejects.toThrow("partner down");
    await expect(both[1]).rejects.toThrow("partner down");
    expect(calls).toBe(1);
    expect(cache.stats()).toMatchObject({ entries: 0, loading: 0, bytes: 0 });
    expect((await cache.get("k", now("ok"))).value).toBe("ok");
  });

  it("cleans up after a loader that throws before returning a promise", async () => {
    const cache = new TtlLruCache<string>({ ttlMs: 60_000, maxBytes: 1000 });
    const throwsAtOnce = (() => {
      throw new Error("bad");
    }) as unknown as Loader<string>;
    await expect(cache.get("k", throwsAtOnce)).rejects.toThrow("bad");
    expect(cache.stats().loading).toBe(0);
  });

  it("evicts the least recently used entries when the bytes exceed the bound", async () => {
    const cache = new TtlLruCache<string>({ ttlMs: 60_000, maxBytes: 100 });
    await cache.get("a", now("a", 40));
    await cache.get("b", now("b", 40));
    await cache.get("a", now("unused")); // a is now more recent than b
    await cache.get("c", now("c", 40));
    expect(cache.stats().list.map((e) => e.key)).toEqual(["a", "c"]);
    expect(cache.stats()).toMatchObject({ bytes: 80, evictions: 1 });
    await cache.get("d", now("d", 90));
    expect(cache.stats().list.map((e) => e.key)).toEqual(["d"]);
    expect(cache.stats()).toMatchObject({ bytes: 90, evictions: 3 });
  });

  it("returns but does not keep an entry larger than the whole bound, and keeps the others", async () => {
    const cache = new TtlLruCache<string>({ ttlMs: 60_000, maxBytes: 100 });
    await cache.get("small", now("s", 10));
    expect((await cache.get("huge", now("h", 500))).value).toBe("h");
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 10, tooLarge: 1, evictions: 0 });
    expect(cache.stats().list.map((e) => e.key)).toEqual(["small"]);
  });

  it("counts an entry grown in place anew: the least recently used others go, then itself past the bound", async () => {
    const cache = new TtlLruCache<string>({ ttlMs: 60_000, maxBytes: 100 });
    await cache.get("a", now("a", 20));
    await cache.get("b", now("b", 20));
    await cache.get("c", now("c", 20));
    // c grows to 70: 110 in all, so a (the least recently used) goes; b stays, and c is not used by it.
    cache.resize("c", "c", 70);
    expect(cache.stats()).toMatchObject({ bytes: 90, evictions: 1, hits: 0 });
    expect(cache.stats().list.map((e) => e.key)).toEqual(["b", "c"]);
    // Another value under the key (a reload since): nothing is counted.
    cache.resize("b", "other", 95);
    expect(cache.stats().bytes).toBe(90);
    cache.resize("c", "c", 101);
    expect(cache.stats()).toMatchObject({ bytes: 20, tooLarge: 1 });
    expect(cache.stats().list.map((e) => e.key)).toEqual(["b"]);
  });

  it("reports progress of loads under way, never running backwards", async () => {
    const cache = new TtlLruCache<string>({ ttlMs: 60_000, maxBytes: 1000 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const pending = cache.get("s/Patient", async (progress) => {
      progress({ loaded: 1000, total: 5000 });
      progress({ loaded: 3000, total: 5000 });
      progress({ loaded: 2000, total: 5000 });
      await gate;
      return { value: "p", bytes: 1 };
    });
    expect(cache.progress((k) => k.startsWith("s/"))).toEqual([
      { key: "s/Patient", progress: { loaded: 3000, total: 5000 } },
    ]);
    expect(cache.progress((k) => k.startsWith("t/"))).toEqual([]);
    release();
    await pending;
    expect(cache.progress(() => true)).toEqual([]);
  });
});

describe("TtlLruCache: entries of the same content", () => {
  type Box = { rows: string };
  const box = (rows: string): Box => ({ rows });
  const load =
    (value: Box, bytes: number, content?: string): Loader<Box> =>
    async () => ({ value, bytes, content });
  const sharing = () => new TtlLruCache<Box>({ ttlMs: 60_000, maxBytes: 100, join: (_own, held) => held });

  it("share one value and count its bytes once, from a load or named later (share)", async () => {
    const cache = sharing();
    const a = box("same");
    await cache.get("a", load(a, 40, "f1"));
    expect((await cache.get("b", load(box("same"), 40, "f1"))).value).toBe(a);
    const c = box("same");
    await cache.get("c", load(c, 40));
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: 80, sharing: 1, evictions: 0 });
    expect(cache.stats().list.map((e) => e.shared)).toEqual([true, true, false]);
    cache.share("c", c, "f1");
    expect((await cache.get("c", load(box("x"), 1))).value).toBe(a);
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: 40, sharing: 2, evictions: 0 });
    expect(cache.withContent("f1")).toEqual({ value: a, bytes: 40 });
    expect(cache.withContent("f2")).toBeUndefined();
  });

  it("keep the shared bytes counted until the last of them goes", async () => {
    const cache = sharing();
    await cache.get("a", load(box("same"), 40, "f1"));
    await cache.get("b", load(box("same"), 40, "f1"));
    cache.invalidate((k) => k === "a");
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 40 });
    expect(cache.withContent("f1")?.bytes).toBe(40);
    cache.invalidate((k) => k === "b");
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0, sharing: 0 });
    expect(cache.withContent("f1")).toBeUndefined();
  });

  it("share nothing where the value changed since (a reload), nor without a join", async () => {
    const cache = sharing();
    await cache.get("a", load(box("one"), 40, "f1"));
    const stale = box("two");
    await cache.get("b", load(box("two"), 40));
    cache.share("b", stale, "f1");
    expect((await cache.get("b", load(box("x"), 1))).value.rows).toBe("two");
    expect(cache.stats().bytes).toBe(80);
    const plain = new TtlLruCache<Box>({ ttlMs: 60_000, maxBytes: 100 });
    await plain.get("a", load(box("one"), 40, "f1"));
    expect((await plain.get("b", load(box("one"), 40, "f1"))).value).not.toBe(
      (await plain.get("a", load(box(""), 1))).value,
    );
    expect(plain.stats()).toMatchObject({ bytes: 80, sharing: 0 });
  });
});

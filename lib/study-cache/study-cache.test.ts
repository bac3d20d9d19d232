/**
 * The study cache against the in-process partner service: access is proved
 * again after the interval (a rotated secret, a revoked grant), a refresh
 * while loading starts nothing, a dropped load stops fetching, and keys and
 * requests use one spelling of the base URL. Each test has its own service,
 * as rotating and revoking change its registry.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthenticationError, StudyForbiddenError } from "@/lib/partner-client/errors";
import type { RetryPolicy } from "@/lib/partner-client/retry";
import { API_PATH } from "@/partner-api/paths";
import { revoke, rotateSecret } from "@/partner-service/data/partner-registry";
import {
  createTestService,
  credsOf,
  lakeside,
  northstar,
  TEST_BASE,
  type TestService,
} from "@/partner-service/testing";
import type { CachedRecordType } from "./row-mappers";
import { StudyCache, type StudyCacheOptions } from "./study-cache";

let t: TestService;
beforeEach(async () => {
  t = await createTestService({ data: { subjects: 30, visits: 2 } });
});
afterEach(() => t.db.close());

const fast: RetryPolicy = { attempts: 2, baseDelayMs: 1, maxDelayMs: 2, timeoutMs: 5_000, maxRetryAfterMs: 1_000 };
const NORTH = credsOf(northstar);
const LAKE = credsOf(lakeside);
const INTERVAL = 60_000;
const SUBJECT_LIST: CachedRecordType[] = ["Group", "Patient", "AdverseEvent", "DiagnosticReport"];
const PROOF = `${TEST_BASE}${API_PATH}/Group?researchstudy=ONC-101&_count=1`;

/** A cache on the test service's clock whose fetch logs every URL; `wrap` may hold or change answers. */
function setup(
  wrap: (url: string, answer: () => Promise<Response>) => Promise<Response> = (_u, answer) => answer(),
  over: Partial<StudyCacheOptions> = {},
) {
  const urls: string[] = [];
  const logged = ((input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(String(input));
    return wrap(String(input), () => t.fetch(input, init));
  }) as typeof fetch;
  const now = () => t.clock.now;
  const cache = new StudyCache({
    ttlMs: 3_600_000,
    maxBytes: 64 * 1024 * 1024,
    accessRecheckMs: INTERVAL,
    now,
    client: { fetch: logged, retry: fast, pageSize: 5, concurrency: 1, now },
    ...over,
  });
  return { cache, urls };
}

/** A gate a wrapped fetch can wait on; `ready` lets later requests pass while earlier ones still wait. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened, ready: false };
}

const settle = () => new Promise((r) => setTimeout(r, 50));

describe("StudyCache: access proved again after the interval (security finding 4)", () => {
  it("after the secret is rotated, the old secret is refused a cached study once the interval has passed", async () => {
    const { cache, urls } = setup();
    await cache.rows(NORTH, "ONC-101", "Group");
    const secret = await rotateSecret(t.db, northstar.clientId);
    const rotated = { ...NORTH, clientSecret: secret };
    // Loaded after the rotation, by the new secret: the old one must not read this either.
    await cache.rows(rotated, "ONC-101", "Patient");
    t.clock.now += INTERVAL;
    await expect(cache.rows(NORTH, "ONC-101", "Group")).rejects.toBeInstanceOf(AuthenticationError);
    await expect(cache.rows(NORTH, "ONC-101", "Patient")).rejects.toBeInstanceOf(AuthenticationError);
    // A refused secret drops nothing: the new secret reads both from the cache, with a proof and no reload.
    const before = urls.length;
    await cache.rows(rotated, "ONC-101", "Group");
    await cache.rows(rotated, "ONC-101", "Patient");
    expect(urls.slice(before)).toEqual([PROOF]);
    expect(cache.stats().entries).toBe(2);
  });

  it("a revoked grant: past the interval the study is refused (forbidden); nothing else is dropped", async () => {
    const { cache } = setup();
    await cache.rows(NORTH, "ONC-101", "Group");
    await cache.rows(NORTH, "CARD-201", "Group");
    await cache.rows(LAKE, "ONC-102", "Group");
    revoke(t.db, northstar.partnerId, "ONC-101");
    t.clock.now += INTERVAL;
    await expect(cache.rows(NORTH, "ONC-101", "Group")).rejects.toBeInstanceOf(StudyForbiddenError);
    const kept = cache.stats().list.map((e) => `${e.partnerId} ${e.study}`);
    expect(kept.sort()).toEqual(["LAKESIDE ONC-102", "NORTHSTAR CARD-201"]);
    // Another user of the identity, with the same secret: refused too, as the service refuses it.
    await expect(cache.rows({ ...NORTH }, "ONC-101", "Patient")).rejects.toBeInstanceOf(StudyForbiddenError);
  });

  it("makes no request within the interval, and after it one proof that concurrent reads share", async () => {
    const { cache, urls } = setup();
    await Promise.all(SUBJECT_LIST.map((k) => cache.rows(NORTH, "ONC-101", k)));
    const before = urls.length;
    t.clock.now += INTERVAL - 1;
    await Promise.all(SUBJECT_LIST.map((k) => cache.rows(NORTH, "ONC-101", k)));
    expect(urls.length).toBe(before);
    t.clock.now += 1;
    await Promise.all(SUBJECT_LIST.map((k) => cache.rows(NORTH, "ONC-101", k)));
    expect(urls.slice(before)).toEqual([PROOF]);
  });

  it("proves credentials that join another's load before they share it", async () => {
    const held = gate();
    const { cache } = setup(async (url, answer) => {
      if (url.includes("/Patient?")) await held.opened;
      return answer();
    });
    const loading = cache.rows(NORTH, "ONC-101", "Patient");
    await vi.waitFor(() => expect(cache.progress(NORTH, "ONC-101")).toHaveLength(1));
    await expect(cache.rows({ ...NORTH, clientSecret: "guessed" }, "ONC-101", "Patient")).rejects.toBeInstanceOf(
      AuthenticationError,
    );
    expect(cache.progress({ ...NORTH, clientSecret: "guessed" }, "ONC-101")).toEqual([]);
    held.open();
    await loading;
  });

  it("shows a wrong secret no load, and starts none for it before it has a token", async () => {
    const held = gate();
    const { cache } = setup(async (url, answer) => {
      if (url.includes("/Patient?") || (url.includes("oauth2/token") && !held.ready)) await held.opened;
      return answer();
    });
    // The right secret loads the Group, then starts the Patient load, which is held.
    held.ready = true;
    await cache.rows(NORTH, "ONC-101", "Group");
    const patients = cache.rows(NORTH, "ONC-101", "Patient");
    await vi.waitFor(() => expect(cache.progress(NORTH, "ONC-101")).toHaveLength(1));
    // A wrong secret asks for the AdverseEvents: its token request is held, and no load is started meanwhile.
    held.ready = false;
    const guessed = { ...NORTH, clientSecret: "guessed" };
    const wrong = cache.rows(guessed, "ONC-101", "AdverseEvent");
    wrong.catch(() => undefined);
    await settle();
    expect(cache.stats().loading).toBe(1);
    expect(cache.progress(guessed, "ONC-101")).toEqual([]);
    held.open();
    await expect(wrong).rejects.toBeInstanceOf(AuthenticationError);
    await patients;
  });

  it("runs at most maxLoads loads at once; the others wait their turn and then load", async () => {
    const held = gate();
    let running = 0;
    let most = 0;
    const { cache: limited } = setup(
      async (url, answer) => {
        if (!url.includes("researchstudy=")) return answer();
        running++;
        most = Math.max(most, running);
        try {
          await held.opened;
          return await answer();
        } finally {
          running--;
        }
      },
      { maxLoads: 2 },
    );
    const loads = SUBJECT_LIST.map((type) => limited.rows(NORTH, "ONC-101", type));
    await vi.waitFor(() => expect(running).toBe(2));
    await settle();
    expect(running).toBe(2);
    held.open();
    for (const load of loads) expect((await load).value.rows.length).toBeGreaterThan(0);
    expect(most).toBe(2);
  });
});

describe("StudyCache: refresh and loads under way (security finding 6)", () => {
  it("ignores a refresh while a load of the study runs, says so, and starts no second load", async () => {
    const held = gate();
    const { cache, urls } = setup(async (url, answer) => {
      if (url.includes("/Patient?")) await held.opened;
      return answer();
    });
    const first = cache.rows(NORTH, "ONC-101", "Patient");
    await vi.waitFor(() => expect(cache.progress(NORTH, "ONC-101")).toHaveLength(1));
    expect(await cache.refresh(NORTH, "ONC-101")).toEqual({ status: "loading" });
    expect(await cache.refresh(NORTH, "ONC-101")).toEqual({ status: "loading" });
    const second = cache.rows(NORTH, "ONC-101", "Patient");
    held.open();
    expect((await second).value).toBe((await first).value);
    const firstPages = urls.filter((u) => u.includes("/Patient?") && !u.includes("page="));
    expect(firstPages).toHaveLength(1);
    // Once the load has ended, a refresh drops the study again.
    expect(await cache.refresh(NORTH, "ONC-101")).toEqual({ status: "dropped", entries: 1 });
  });

  it("tells of a load under way only to credentials that started it or prove their access", async () => {
    const held = gate();
    const { cache } = setup(async (url, answer) => {
      if (url.includes("/Patient?")) await held.opened;
      return answer();
    });
    await cache.rows(NORTH, "ONC-101", "Group");
    const loading = cache.rows(NORTH, "ONC-101", "Patient");
    await vi.waitFor(() => expect(cache.progress(NORTH, "ONC-101")).toHaveLength(1));
    expect(await cache.refresh({ ...NORTH, clientSecret: "guessed" }, "ONC-101")).toEqual({ status: "refused" });
    expect(await cache.refresh(NORTH, "ONC-101")).toEqual({ status: "loading" });
    held.open();
    await loading;
    expect(cache.stats().entries).toBe(2);
  });

  it("stops a load whose study is dropped while it runs: no page is requested after the drop", async () => {
    const held = gate();
    let pageTwo = false;
    const { cache, urls } = setup(async (url, answer) => {
      // The page is answered while the grant stands, then held: the load could go on to the next page after it.
      const response = await answer();
      if (url.includes("/Patient?") && url.includes("page=2")) {
        pageTwo = true;
        await held.opened;
      }
      return response;
    });
    const loading = cache.rows(NORTH, "ONC-101", "Patient");
    loading.catch(() => undefined);
    await vi.waitFor(() => expect(pageTwo).toBe(true));
    // The grant is revoked; the next reader's proof is refused, which drops the study and stops its load.
    revoke(t.db, northstar.partnerId, "ONC-101");
    await expect(cache.rows(NORTH, "ONC-101", "Patient")).rejects.toBeInstanceOf(StudyForbiddenError);
    const atDrop = urls.length;
    held.open();
    // Whoever waits on the stopped load hears why it stopped.
    await expect(loading).rejects.toBeInstanceOf(StudyForbiddenError);
    await settle();
    expect(urls.slice(atDrop).filter((u) => u.includes("/Patient?"))).toEqual([]);
    expect(cache.stats()).toMatchObject({ entries: 0, loading: 0 });
  });
});

describe("StudyCache: one spelling of the base URL (security finding 13)", () => {
  it("keys an identity by the very base URL its requests go to, whatever the spelling given", async () => {
    const { cache, urls } = setup();
    await cache.rows({ ...NORTH, baseUrl: "HTTP://PARTNER.TEST:80/" }, "ONC-101", "Group");
    const [entry] = cache.stats().list;
    expect(entry.baseUrl).toBe(TEST_BASE);
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.every((u) => u.startsWith(`${entry.baseUrl}/svc-apim/`))).toBe(true);
    // The same address spelled as stored: the same entry and proof, no request.
    const before = urls.length;
    await cache.rows(NORTH, "ONC-101", "Group");
    expect(urls.length).toBe(before);
    expect(cache.stats().entries).toBe(1);
  });
});

describe("StudyCache: what it holds, for the studies list", () => {
  it("tells credentials that proved their access what is held, without a request; others nothing", async () => {
    const { cache, urls } = setup();
    await cache.rows(NORTH, "ONC-101", "Group");
    await cache.rows(NORTH, "ONC-101", "Patient");
    const before = urls.length;
    // Past the interval: no fresh proof, but these credentials proved their access and were not refused since.
    t.clock.now += 2 * INTERVAL;
    const held = cache.held(NORTH, "ONC-101");
    expect(held.map((h) => h.recordType).sort()).toEqual(["Group", "Patient"]);
    expect(held.find((h) => h.recordType === "Patient")?.value.rows).toHaveLength(30);
    expect(cache.held({ ...NORTH, clientSecret: "guessed" }, "ONC-101")).toEqual([]);
    expect(cache.held(NORTH, "CARD-201")).toEqual([]);
    expect(urls.length).toBe(before);
    expect(cache.stats().hits).toBe(0);
  });

  it("tells nothing more once the partner refused the credentials or the study", async () => {
    const { cache } = setup();
    await cache.rows(NORTH, "ONC-101", "Group");
    await cache.rows(NORTH, "CARD-201", "Group");
    revoke(t.db, northstar.partnerId, "ONC-101");
    t.clock.now += INTERVAL;
    await expect(cache.rows(NORTH, "ONC-101", "Group")).rejects.toBeInstanceOf(StudyForbiddenError);
    expect(cache.held(NORTH, "ONC-101")).toEqual([]);
    const secret = await rotateSecret(t.db, northstar.clientId);
    await cache.rows({ ...NORTH, clientSecret: secret }, "CARD-201", "Group");
    t.clock.now += INTERVAL;
    await expect(cache.rows(NORTH, "CARD-201", "Group")).rejects.toBeInstanceOf(AuthenticationError);
    expect(cache.held(NORTH, "CARD-201")).toEqual([]);
    expect(cache.held({ ...NORTH, clientSecret: secret }, "CARD-201")).toHaveLength(1);
  });
});

describe("StudyCache: a study's record types loaded together (one data cut)", () => {
  const EVERY: CachedRecordType[] = [
    "Group",
    "Patient",
    "AdverseEvent",
    "DiagnosticReport",
    "imaging",
    "laboratory",
    "vital-signs",
    "MedicationStatement",
  ];
  const heldTypes = (cache: StudyCache, study: string) =>
    cache
      .held(NORTH, study)
      .map((h) => h.recordType)
      .sort();
  const untilLoaded = (cache: StudyCache) =>
    vi.waitFor(() => expect(cache.stats().loading).toBe(0), { timeout: 10_000, interval: 20 });

  it("loads every record type of the study when one is asked for, each once, and told as a load", async () => {
    const { cache, urls } = setup(undefined, { together: true });
    const told: string[] = [];
    const ask = { caller: "user:1", onLoaded: (load: { recordType: string }) => void told.push(load.recordType) };
    expect((await cache.rows(NORTH, "ONC-101", "Patient", ask)).value.rows).toHaveLength(30);
    await settle();
    await untilLoaded(cache);
    expect(heldTypes(cache, "ONC-101")).toEqual([...EVERY].sort());
    expect(told.sort()).toEqual([...EVERY].sort());
    // Nothing of another study; no record type asked twice: a page asking for one already loading joins it.
    expect(heldTypes(cache, "CARD-201")).toEqual([]);
    const before = urls.length;
    await cache.rows(NORTH, "ONC-101", "laboratory", ask);
    expect(urls.length).toBe(before);
  });

  it("asks nothing more of a study the partner refuses than the record type asked for", async () => {
    revoke(t.db, northstar.partnerId, "ONC-101");
    const { cache, urls } = setup(undefined, { together: true });
    const asked = cache.rows(NORTH, "ONC-101", "Patient", { caller: "user:1" });
    await expect(asked).rejects.toBeInstanceOf(StudyForbiddenError);
    await settle();
    expect(urls.filter((u) => u.includes("researchstudy=ONC-101"))).toHaveLength(1);
    expect(cache.stats().loading).toBe(0);
  });

  it("without the option, loads only what is asked for", async () => {
    const { cache } = setup();
    await cache.rows(NORTH, "ONC-101", "Patient");
    await settle();
    expect(heldTypes(cache, "ONC-101")).toEqual(["Patient"]);
  });

  it("a record type that fails beside the asked one fails nothing served; asked for, it is loaded again", async () => {
    let failing = true;
    const failLabs = (url: string, answer: () => Promise<Response>) =>
      failing && url.includes("category=laboratory") ? Promise.resolve(new Response("", { status: 500 })) : answer();
    const { cache } = setup(failLabs, { together: true });
    await cache.rows(NORTH, "ONC-101", "Patient", { caller: "user:1" });
    await settle();
    await untilLoaded(cache);
    expect(heldTypes(cache, "ONC-101")).toEqual(EVERY.filter((r) => r !== "laboratory").sort());
    failing = false;
    expect((await cache.rows(NORTH, "ONC-101", "laboratory", { caller: "user:1" })).value.rows.length).toBeGreaterThan(
      0,
    );
  });
});

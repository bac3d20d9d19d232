/**
 * An access token that stops working in the middle of a whole-study load, over real HTTP: the client renews it
 * once (one token request shared by every page in flight) and the load completes with exactly the fault-free rows.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { RetryPolicy } from "@/lib/partner-client/retry";
import { type HttpTestService, serveTestService } from "@/partner-service/http-testing";
import { ALL_TYPES, faultTestCache, LOAD_PLACES, loadStudy, northstarAt, studyDatabase } from "./resilience-testing";

const RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 5, maxDelayMs: 20, timeoutMs: 5_000, maxRetryAfterMs: 2_000 };
/** A short token lifetime: a minute of the service's clock (the client renews 6 s early, a tenth of it). */
const TOKEN_TTL_SECONDS = 60;
/** The data request at which the token stops working: the whole study takes about 200, pages of all types. */
const AT_REQUEST = 60;

const fixture = studyDatabase();
let served: HttpTestService;
afterEach(() => served.stop());

/** Runs `expire` as the AT_REQUEST-th data request arrives, before the service reads its token. */
function onDataRequest(expire: () => void) {
  let data = 0;
  served.before = (kind) => {
    if (kind === "data" && ++data === AT_REQUEST) expire();
  };
}

async function expectWholeStudyRenewedOnce(loadThread: boolean) {
  // The client keeps time by the service's clock here, so that its token's expiry is the service's.
  const cache = faultTestCache(RETRY, { now: () => served.clock.now, loadThread });
  const outcome = await loadStudy(cache, northstarAt(served.baseUrl));
  for (const type of ALL_TYPES) expect(outcome[type], type).toEqual(fixture.reference[type]);
  const counts = served.counts();
  // The first token, and one renewal: never one per page in flight.
  expect(counts["token 200"]).toBe(2);
  expect(
    Object.keys(counts)
      .filter((k) => k.startsWith("token"))
      .sort(),
  ).toEqual(["token 200"]);
  return counts;
}

describe.each(LOAD_PLACES)("a token that stops working mid-load is renewed once, $where", ({ loadThread }) => {
  it("expires by the clock while pages are in flight: refused (401), renewed once, the study completes", async () => {
    served = await serveTestService({ db: fixture.db, config: { tokenTtlSeconds: TOKEN_TTL_SECONDS } });
    onDataRequest(() => {
      served.clock.now += (TOKEN_TTL_SECONDS + 1) * 1000;
    });
    const counts = await expectWholeStudyRenewedOnce(loadThread);
    // The pages in flight met the expiry at the service (the ones sent after it renew before they ask).
    expect(counts["data 401"]).toBeGreaterThanOrEqual(1);
  });

  it("is forgotten by the service while the client counts it valid: renewed once, the study completes", async () => {
    served = await serveTestService({ db: fixture.db, config: { tokenTtlSeconds: TOKEN_TTL_SECONDS } });
    // As after a restart of a service that keeps its tokens in memory: every token it issued is gone.
    onDataRequest(() => fixture.db.prepare("DELETE FROM tokens").run());
    const counts = await expectWholeStudyRenewedOnce(loadThread);
    expect(counts["data 401"]).toBeGreaterThanOrEqual(1);
  });

  it("nears its expiry between pages: renewed once before it is refused, the study completes", async () => {
    served = await serveTestService({ db: fixture.db, config: { tokenTtlSeconds: TOKEN_TTL_SECONDS } });
    // Past the client's renewal point (a tenth of the lifetime early), still short of the expiry itself.
    onDataRequest(() => {
      served.clock.now += (TOKEN_TTL_SECONDS - 3) * 1000;
    });
    const counts = await expectWholeStudyRenewedOnce(loadThread);
    expect(counts["data 401"]).toBeUndefined();
  });
});

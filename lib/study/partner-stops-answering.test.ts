/**
 * A partner service that stops answering in the middle of a load, over real HTTP: the requests it holds time out
 * (or, when the server is gone, the connections are refused), the study view ends in the unreachable error within
 * the retry policy's time limit, no request is made after the loads have ended, and the next Refresh, once the
 * service answers again, loads the whole study with exactly the fault-free rows.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { UnreachableError } from "@/lib/partner-client/errors";
import { defaultRetryPolicy, type RetryPolicy } from "@/lib/partner-client/retry";
import {
  ALL_TYPES,
  faultTestCache,
  giveUpAfterMs,
  loadStudy,
  northstarAt,
  STUDY,
  studyDatabase,
} from "@/lib/study-cache/resilience-testing";
import type { StudyCache } from "@/lib/study-cache/study-cache";
import { type HttpTestService, serveTestService } from "@/partner-service/http-testing";
import { cachedStudy } from "./study-rows";
import { loadSubjectList } from "./subject-list";

/**
 * Production's policy (its attempts, and its limit of two time-outs), with the waits between attempts and the
 * time-out of each attempt scaled down: half a second instead of 30 s.
 */
const RETRY: RetryPolicy = { ...defaultRetryPolicy, baseDelayMs: 5, maxDelayMs: 20, timeoutMs: 500 };
/** Attempts a request makes against a service that holds them all: production's limit of time-outs. */
const TIMED_OUT = 2;
/** How long before the stop a request that is then held may have been sent (its time-out started then). */
const SENT_EARLY_MS = 50;
/** Time for the test's own work on a shared machine (the service runs in the same process as the client). */
const MARGIN_MS = 1_500;
/** The service answers this many data requests, then stops: the subject list (11 requests) is half loaded. */
const ANSWERED = 5;

const fixture = studyDatabase();
let served: HttpTestService;
afterEach(() => served.stop());

/** After ANSWERED data requests, `stop` runs and requests are held unanswered until `answering` is set again. */
function stopAnsweringMidLoad(stop: () => void = () => undefined) {
  const state = { answering: true, stoppedAt: 0, afterEnd: 0, ended: false };
  let data = 0;
  served.before = (kind) => {
    if (kind === "data" && ++data === ANSWERED + 1) {
      state.answering = false;
      state.stoppedAt = performance.now();
      stop();
    }
    if (state.ended) state.afterEnd++;
    if (!state.answering) return new Promise<void>(() => undefined);
  };
  return state;
}

/** Loads the subject list (four record types at once) and waits for every load to end; the view's error. */
async function subjectListFails(cache: StudyCache): Promise<{ error: unknown; errorAt: number }> {
  const error = await loadSubjectList(cachedStudy(cache, northstarAt(served.baseUrl), STUDY)).then(
    () => undefined,
    (e: unknown) => e,
  );
  const errorAt = performance.now();
  // The view fails at its first error; the other loads end on their own, each within the limit of its requests.
  await vi.waitFor(() => expect(cache.stats().loading).toBe(0), { timeout: 4 * giveUpAfterMs(RETRY), interval: 20 });
  return { error, errorAt };
}

/** Refresh, as the study page's button does, then the whole study: every record type exactly as fault-free. */
async function refreshLoadsTheWholeStudy(cache: StudyCache) {
  const creds = northstarAt(served.baseUrl);
  expect(await cache.refresh(creds, STUDY)).toMatchObject({ status: "dropped" });
  const outcome = await loadStudy(cache, creds);
  for (const type of ALL_TYPES) expect(outcome[type], type).toEqual(fixture.reference[type]);
}

describe("a partner service that stops answering mid-load", () => {
  it("holds every request: the view ends 'timed out' within the retry limit; then Refresh loads it all", async () => {
    served = await serveTestService({ db: fixture.db });
    const state = stopAnsweringMidLoad();
    const cache = faultTestCache(RETRY);
    const { error, errorAt } = await subjectListFails(cache);
    expect(error).toBeInstanceOf(UnreachableError);
    // Given up at the second time-out (docs/resilience.md: about 60 s in production), not after all five attempts.
    expect(RETRY.maxTimeouts).toBe(TIMED_OUT);
    expect(error).toMatchObject({ kind: "unreachable", timedOut: true, attempts: TIMED_OUT });
    expect((error as Error).message).toMatch(/^partner service timed out on 2 attempt\(s\) \(/);
    // From the moment it stopped answering: the two time-outs were waited out (less SENT_EARLY: a held request may
    // have been sent just before the stop was seen), and no more than them and the wait between them.
    expect(errorAt - state.stoppedAt).toBeGreaterThanOrEqual(TIMED_OUT * RETRY.timeoutMs - SENT_EARLY_MS);
    expect(errorAt - state.stoppedAt).toBeLessThan(giveUpAfterMs(RETRY) + MARGIN_MS);
    // Nothing goes on asking the silent service once every load has ended.
    state.ended = true;
    await new Promise((r) => setTimeout(r, 200));
    expect(state.afterEnd).toBe(0);
    // It answers again: the next Refresh works.
    state.answering = true;
    state.ended = false;
    await refreshLoadsTheWholeStudy(cache);
  }, 20_000);

  it("goes away (connections cut, then refused): the view ends 'not reached' at once; then Refresh works", async () => {
    served = await serveTestService({ db: fixture.db });
    const state = stopAnsweringMidLoad(() => void served.stop());
    const cache = faultTestCache(RETRY);
    const { error, errorAt } = await subjectListFails(cache);
    expect(error).toBeInstanceOf(UnreachableError);
    expect(error).toMatchObject({ kind: "unreachable", timedOut: false, attempts: RETRY.attempts });
    // No time-out is waited for: a refused connection fails at once, leaving only the waits between attempts.
    expect(errorAt - state.stoppedAt).toBeLessThan(RETRY.timeoutMs);
    // It is back, at the same address: the next Refresh works.
    await served.start();
    state.answering = true;
    await refreshLoadsTheWholeStudy(cache);
  }, 20_000);
});
